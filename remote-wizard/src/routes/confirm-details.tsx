import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  PAGE_LIMIT_STATUS,
  estimateRoyalties,
  toPriceConfig,
  useDocumentTitle,
  usePricesQuery,
  useResourcesQuery,
  type Prices,
  type QuoteResource,
  Navigate,
  useNavigate,
} from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { readDraft } from '../lib/draft-storage';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { readBookDraft, rememberDetailsPage } from '../features/book-details/book-draft';
import { BookDetailsPageThree, type RoyaltyFigures } from '../features/book-details/book-details-page-three';
import { detailsPageStage } from '../features/book-details/pages';
import { toQuoteBody, type QuoteRequest } from '../features/book-details/quote-body';
import { toEstimateInput, toFormat, type RoyaltyDraft } from '../features/royalty-widget/royalty-draft';
import { flowName } from './flow-name';

/** The royalty widget's view of the quote body, so the estimate prices exactly what Confirm sends. */
function royaltyDraftOf(body: QuoteRequest): RoyaltyDraft {
  return {
    format: toFormat(body.format_type),
    isLocal: body.is_local,
    isInternational: body.is_international,
    localPrice: body.local_price,
    internationalPrice: body.international_price,
    pages: body.no_of_pages,
    localPaperTypeId: body.l_paper_type_id,
    localCoverTypeId: body.l_cover_type_id,
    internationalPaperTypeId: body.i_paper_type_id,
    internationalCoverTypeId: body.i_cover_type_id,
    heightMm: body.height,
    widthMm: body.width,
    paperSide: null,
    spineId: body.spine_id,
    spotUv: body.spot_uv,
    duplex: body.duplex_needed,
    softTouch: body.soft_touch_matt_lamination,
    spiral: body.spiral_bound,
    internationalDuplex: body.i_duplex_covered,
    perforation: body.perforation,
    recordingNeeded: body.recording_needed,
    voiceGender: body.gender,
    voiceAccent: body.nationality,
  };
}

/** The shared engine's estimate of the quote (as the royalty widget prices it; the server prices it again). */
function estimateQuote(
  body: QuoteRequest,
  resources: readonly QuoteResource[],
  prices: readonly Prices[] | undefined,
): RoyaltyFigures {
  if (!prices) return { kind: 'none' };
  const input = toEstimateInput(royaltyDraftOf(body), resources);
  if (!input) return { kind: 'none' };
  const estimate = estimateRoyalties(input, toPriceConfig(prices[0]));
  if (estimate.statusCode === PAGE_LIMIT_STATUS) return { kind: 'pageLimit', message: estimate.description };
  return {
    kind: 'figures',
    local: estimate.local?.royalty ?? null,
    international: estimate.international?.royalty ?? null,
  };
}

/**
 * `{base}/confirm-details`: page 3 of the book details. Shows the stored draft to confirm with
 * the estimated royalties; Confirm saves the quote and opens publisher-info, Back returns to the
 * format's page 2. A draft without a format has nothing to confirm: it opens page 1.
 */
export function ConfirmDetailsScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Confirm specifications`);
  const navigate = useNavigate();
  const { complete } = useStageFlow(base, 'confirm-details');
  const [draft] = useState(readBookDraft);
  // A quote already saved for this draft (back from publisher-info): never save a second book.
  const [quoteSaved] = useState(
    () =>
      typeof readDraft<unknown>('localBookId', null) === 'number' ||
      typeof readDraft<unknown>('internationalBookId', null) === 'number',
  );
  const resources = useResourcesQuery();
  const prices = usePricesQuery();
  const body = useMemo(() => (resources.data ? toQuoteBody(draft, resources.data) : null), [draft, resources.data]);
  const royalties = useMemo(
    (): RoyaltyFigures =>
      body && resources.data ? estimateQuote(body, resources.data, prices.data) : { kind: 'none' },
    [body, resources.data, prices.data],
  );
  useEffect(() => {
    if (draft.bookFormat) rememberDetailsPage(3);
  }, [draft.bookFormat]);
  const back = useCallback(() => {
    rememberDetailsPage(2);
    navigate(stagePath(base, detailsPageStage(2, draft.bookFormat)));
  }, [base, draft.bookFormat, navigate]);

  if (!draft.bookFormat) return <Navigate to={stagePath(base, 'general-info')} replace />;

  return (
    <>
      <h1>Book details</h1>
      <WizardProgress stage="confirm-details" />
      <BookDetailsPageThree
        draft={draft}
        resources={resources}
        body={body}
        royalties={royalties}
        onBack={back}
        onSaved={complete}
        quoteSaved={quoteSaved}
        onNext={() => navigate(stagePath(base, 'publisher-info'))}
      />
    </>
  );
}
