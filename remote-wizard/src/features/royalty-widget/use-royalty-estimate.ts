import { useEffect, useMemo, useRef, useState } from 'react';
import {
  PAGE_LIMIT_MESSAGE,
  PAGE_LIMIT_STATUS,
  estimateRoyalties,
  fromCents,
  toPriceConfig,
  usePricesQuery,
  useResourcesQuery,
  type QuoteResource,
  type RegionEstimate,
  type RoyaltyRegion,
} from '@pod/shared-contracts';
import { realtimeRoyalty, type RealtimeRoyalty } from './api/realtime-royalty';
import { serverTriggerKey, toRoyaltyBody } from './royalty-body';
import { hasNeededFigures, toEstimateInput, type RoyaltyDraft } from './royalty-draft';

/** The server waits this long after the last change (spec: debounced 300 ms). */
export const ROYALTY_DEBOUNCE_MS = 300;

/** One region's figures as the widget shows them, amounts in rand or dollars. */
export interface RegionFigures {
  region: RoyaltyRegion;
  lines: Array<{ key: string; label: string; amount: number }>;
  royalty: number;
  minimumPrice: number | null;
}

/** What the widget shows: nothing yet, the page limit (B12), or the royalties. */
export type ShownEstimate =
  | { kind: 'none' }
  | { kind: 'pageLimit'; message: string }
  | { kind: 'figures'; source: 'browser' | 'server'; local: RegionFigures | null; international: RegionFigures | null };

function fromEngine(estimate: RegionEstimate | null): RegionFigures | null {
  if (!estimate) return null;
  return {
    region: estimate.region,
    lines: estimate.lines.map((line) => ({ key: line.key, label: line.label, amount: fromCents(line.cents) })),
    royalty: estimate.royalty,
    minimumPrice: estimate.minimumPrice,
  };
}

type ServerRegion = NonNullable<NonNullable<RealtimeRoyalty['breakdown']>['local']>;

function fromServer(region: RoyaltyRegion, figures: ServerRegion | null | undefined): RegionFigures | null {
  if (!figures) return null;
  return { region, lines: figures.lines, royalty: figures.royalty, minimumPrice: figures.minimumPrice ?? null };
}

function shownFromServer(answer: RealtimeRoyalty): ShownEstimate {
  if (answer.statusCode === PAGE_LIMIT_STATUS) {
    return { kind: 'pageLimit', message: answer.description ?? PAGE_LIMIT_MESSAGE };
  }
  return {
    kind: 'figures',
    source: 'server',
    local: fromServer('local', answer.breakdown?.local),
    international: fromServer('international', answer.breakdown?.international),
  };
}

/**
 * The widget's estimate of a draft. The browser prices every change at once with the shared
 * engine (unit costs of GET /user/quoteinfo, constants of GET /user/pricinglist); the server is
 * asked 300 ms after the last change of a trigger field, once the prices and pages exist, and
 * its answer wins while it answers the draft as it stands (it never trusts the browser's).
 */
export function useRoyaltyEstimate(draft: RoyaltyDraft): {
  shown: ShownEstimate;
  resources: QuoteResource[] | undefined;
} {
  const resources = useResourcesQuery();
  const prices = usePricesQuery();
  const ready = hasNeededFigures(draft);
  const body = useMemo(() => toRoyaltyBody(draft), [draft]);
  const bodyKey = JSON.stringify(body);
  const triggerKey = serverTriggerKey(draft);
  const [server, setServer] = useState<{ key: string; answer: RealtimeRoyalty } | null>(null);
  const latestBody = useRef(body);
  latestBody.current = body;

  useEffect(() => {
    if (!ready) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const sent = latestBody.current;
      realtimeRoyalty(sent, controller.signal).then(
        (answer) => {
          if (!controller.signal.aborted) setServer({ key: JSON.stringify(sent), answer });
        },
        () => undefined, // a failed or refused ask leaves the browser's estimate on screen
      );
    }, ROYALTY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ready, triggerKey]);

  const browser = useMemo((): ShownEstimate => {
    if (!resources.data || !prices.data) return { kind: 'none' };
    const input = toEstimateInput(draft, resources.data);
    if (!input) return { kind: 'none' };
    const estimate = estimateRoyalties(input, toPriceConfig(prices.data[0]));
    if (estimate.statusCode === PAGE_LIMIT_STATUS) return { kind: 'pageLimit', message: estimate.description };
    return {
      kind: 'figures',
      source: 'browser',
      local: fromEngine(estimate.local),
      international: fromEngine(estimate.international),
    };
  }, [draft, resources.data, prices.data]);

  const shown = ready && server?.key === bodyKey ? shownFromServer(server.answer) : browser;
  return { shown, resources: resources.data };
}
