import { useEffect, useState } from 'react';
import { useDocumentTitle, type BookFormat, type RoyaltyRegion, Navigate, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { isRawUpload, markStageCompleted } from '../lib/completed-stages';
import { progressPercent, stagePath, type BasePath, type Stage } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { BookDetailsPageTwo } from '../features/book-details/book-details-page-two';
import { readBookDraft, rememberDetailsPage, writeBookDraft } from '../features/book-details/book-draft';
import { detailsPageStage } from '../features/book-details/pages';
import { RoyaltyWidget, type ShownRoyalties } from '../features/royalty-widget/royalty-widget';
import { toRoyaltyDraft } from '../features/royalty-widget/royalty-draft';
import styles from '../features/book-details/book-details.module.css';
import { flowName } from './flow-name';

/** The page 2 stages: the calculator of each format (the spec's entry points). */
export type CalculatorStage = Extract<Stage, 'calculator' | 'e-book' | 'audio-book'>;

/**
 * The regions whose royalty blocks Continue: a negative one, and for an eBook one of 0 or less
 * (the spec's "$0 royalty blocks"; an eBook is sold internationally only).
 */
export function blockedRegions(format: BookFormat, royalties: ShownRoyalties | null): RoyaltyRegion[] {
  if (!royalties) return [];
  return (['local', 'international'] as const).filter((region) => {
    const royalty = royalties[region];
    return royalty !== null && (format === 'ebook' ? royalty <= 0 : royalty < 0);
  });
}

/**
 * `{base}/calculator`, `{base}/e-book` and `{base}/audio-book`: page 2 of the book details, the
 * royalty calculator of the draft's format, with the royalty widget floating beside it. Without
 * a format it goes back to page 1; on another format's stage it goes to its own. Back returns to
 * page 1; Continue moves on to page 3 (confirm-details) once the page is valid and no royalty
 * blocks it.
 */
export function RoyaltyCalculatorScreen({ base, stage }: { base: BasePath; stage: CalculatorStage }) {
  useDocumentTitle(`${flowName(base)}: Royalty calculator`);
  const navigate = useNavigate();
  const { continueLabel } = useStageFlow(base, stage);
  // Read once: a later render must not hand the form new initial values while it is being edited.
  const [draft] = useState(readBookDraft);
  const [royalties, setRoyalties] = useState<ShownRoyalties | null>(null);
  const format = draft.bookFormat;
  const ownStage = format ? detailsPageStage(2, format) : null;
  const here = ownStage === stage;

  useEffect(() => {
    if (here) rememberDetailsPage(2);
  }, [here]);

  if (!format) return <Navigate to={stagePath(base, 'general-info')} replace />;
  if (ownStage !== stage) return <Navigate to={stagePath(base, ownStage ?? 'general-info')} replace />;

  return (
    <div className={styles.pageTwo}>
      <h1>Book details</h1>
      <h2>Royalty calculator</h2>
      <WizardProgress stage={stage} />
      <BookDetailsPageTwo
        initialValues={draft}
        continueLabel={continueLabel}
        blockedRegions={blockedRegions(format, royalties)}
        onChange={writeBookDraft}
        onBack={() => {
          rememberDetailsPage(1);
          navigate(stagePath(base, 'general-info'));
        }}
        onContinue={(values) => {
          writeBookDraft(values);
          markStageCompleted(stage);
          rememberDetailsPage(3);
          navigate(stagePath(base, 'confirm-details'));
        }}
        aside={(values, setPrice) => (
          <RoyaltyWidget
            draft={toRoyaltyDraft(values)}
            progress={progressPercent(stage, isRawUpload())}
            floating
            onRoyaltiesChange={setRoyalties}
            onUseMinimumPrice={setPrice}
          />
        )}
      />
    </div>
  );
}
