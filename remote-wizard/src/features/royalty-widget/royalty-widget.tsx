import { useEffect } from 'react';
import { cx, type RoyaltyRegion } from '@pod/shared-contracts';
import { RoyaltyBreakdown, formatRegionAmount } from './royalty-breakdown';
import { chosenRegions, paperOptionCount, type RoyaltyDraft } from './royalty-draft';
import { useRoyaltyEstimate, type RegionFigures } from './use-royalty-estimate';
import styles from './royalty-widget.module.css';

/** Progress (percent) from which the labels lose their '(est.)' (spec: 33.33). */
export const FINAL_LABEL_PROGRESS = 33.33;

/** The royalty of each region on screen, in rand or dollars; null for a region not shown. */
export type ShownRoyalties = Record<RoyaltyRegion, number | null>;

/** Props of {@link RoyaltyWidget}. */
export interface RoyaltyWidgetProps {
  /** The book draft as the widget reads it (see royalty-draft.ts). */
  draft: RoyaltyDraft;
  /** The wizard's progress in percent (stages.ts `progressPercent`). */
  progress: number;
  /** Floats at the bottom right (calculator, audio-book and e-book stages). */
  floating?: boolean;
  /** Told whether a shown royalty is negative; the page blocks with the negative-royalty modal. */
  onNegativeRoyaltyChange?: (negative: boolean) => void;
  /**
   * Told the royalties on screen (null for a region not shown), or null while none are shown; the
   * page decides what blocks (an eBook's $0 royalty too).
   */
  onRoyaltiesChange?: (royalties: ShownRoyalties | null) => void;
  /** 'Use minimum price' of a region's breakdown: the engine's lowest price with a royalty of 0.00 or more. */
  onUseMinimumPrice?: (region: RoyaltyRegion, price: number) => void;
}

function RegionRow({
  figures,
  label,
  name,
  onUseMinimumPrice,
}: {
  figures: RegionFigures;
  label: string;
  name: string;
  onUseMinimumPrice?: RoyaltyWidgetProps['onUseMinimumPrice'];
}) {
  return (
    <div role="group" aria-label={label} className={styles.region}>
      <p className={styles.figure}>
        <span>{label}</span>
        <strong className={cx(figures.royalty < 0 && styles.negative)}>
          {formatRegionAmount(figures.region, figures.royalty)}
        </strong>
      </p>
      <RoyaltyBreakdown figures={figures} name={name} onUseMinimumPrice={onUseMinimumPrice} />
    </div>
  );
}

/**
 * The royalty widget of the new-book wizard (new-book-wizard.md, "Royalty widget"): the
 * royalty per copy of each chosen region, estimated in the browser on every change and
 * replaced by the server's figures (PUT /user/realtimeroyalty) when they arrive; 'Not enough
 * info' while figures are missing or the options load; the page limit (B12) clears the
 * royalties. Below each figure, its breakdown and the minimum price (beyond the spec).
 */
export function RoyaltyWidget({
  draft,
  progress,
  floating = false,
  onNegativeRoyaltyChange,
  onRoyaltiesChange,
  onUseMinimumPrice,
}: RoyaltyWidgetProps) {
  const { shown, resources } = useRoyaltyEstimate(draft);
  const final = progress >= FINAL_LABEL_PROGRESS;
  const negative =
    shown.kind === 'figures' && [shown.local, shown.international].some((r) => r !== null && r.royalty < 0);

  useEffect(() => {
    onNegativeRoyaltyChange?.(negative);
  }, [negative, onNegativeRoyaltyChange]);

  const figures = shown.kind === 'figures';
  const localRoyalty = figures ? (shown.local?.royalty ?? null) : null;
  const internationalRoyalty = figures ? (shown.international?.royalty ?? null) : null;
  useEffect(() => {
    onRoyaltiesChange?.(figures ? { local: localRoyalty, international: internationalRoyalty } : null);
  }, [figures, localRoyalty, internationalRoyalty, onRoyaltiesChange]);

  // Paper-option counts: print only, per chosen region, once the options are loaded.
  const regions = chosenRegions(draft);
  const counts =
    draft.format === 'print' && resources
      ? (['local', 'international'] as const)
          .filter((region) => regions[region])
          .map((region) => ({ region, count: paperOptionCount(resources, region, draft.pages) }))
      : [];

  return (
    <section aria-label="Royalty estimate" className={cx(styles.widget, floating && styles.floating)}>
      <h2 className={styles.heading}>Your royalty</h2>
      <p className={styles.help}>
        Your estimated royalty per copy sold. It updates as you change the price, pages and paper.
      </p>
      {shown.kind === 'none' ? <p className={styles.empty}>Not enough info</p> : null}
      {shown.kind === 'pageLimit' ? (
        <p role="alert" className={styles.limit}>
          {shown.message}
        </p>
      ) : null}
      {shown.kind === 'figures' && shown.local ? (
        <RegionRow
          figures={shown.local}
          label={final ? 'Local' : 'Local (est.)'}
          name="Local"
          onUseMinimumPrice={onUseMinimumPrice}
        />
      ) : null}
      {shown.kind === 'figures' && shown.international ? (
        <RegionRow
          figures={shown.international}
          label={final ? 'International' : 'International (est.)'}
          name="International"
          onUseMinimumPrice={onUseMinimumPrice}
        />
      ) : null}
      {counts.map(({ region, count }) => (
        <p key={region} className={cx(styles.count, count > 0 ? styles.countSome : styles.countNone)}>
          {`${region === 'local' ? 'Local' : 'International'} paper options: ${count}`}
        </p>
      ))}
    </section>
  );
}
