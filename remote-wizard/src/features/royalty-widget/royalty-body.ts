import type { RealtimeRoyaltyBody } from './api/realtime-royalty';
import { chosenRegions, type RoyaltyDraft } from './royalty-draft';

/** The PUT /user/realtimeroyalty body of a draft (new-book-wizard.md section 7). */
export function toRoyaltyBody(draft: RoyaltyDraft): RealtimeRoyaltyBody {
  const regions = chosenRegions(draft);
  return {
    no_of_pages: draft.pages ?? 0,
    format: draft.format,
    is_local: regions.local,
    l_paper_type_id: regions.local ? draft.localPaperTypeId : null,
    l_cover_type_id: regions.local ? draft.localCoverTypeId : null,
    local_price: regions.local ? draft.localPrice : null,
    international_price: regions.international ? draft.internationalPrice : null,
    is_international: regions.international,
    i_paper_type_id: regions.international ? draft.internationalPaperTypeId : null,
    i_cover_type_id: regions.international ? draft.internationalCoverTypeId : null,
    nationality: draft.voiceAccent,
    gender: draft.voiceGender,
    spine_id: draft.spineId,
    spot_uv: draft.spotUv,
    duplex_needed: draft.duplex,
    soft_touch_matt_lamination: draft.softTouch,
    spiral_bound: draft.spiral,
    recording_needed: draft.recordingNeeded,
    i_duplex_covered: draft.internationalDuplex,
    perforation: draft.perforation,
    height: draft.heightMm,
    width: draft.widthMm,
  };
}

/**
 * What re-asks the server (spec: price, format, pages, paper types, region flags or paper
 * side); other fields (extras, size) change only the browser's estimate until the next ask.
 */
export function serverTriggerKey(draft: RoyaltyDraft): string {
  return JSON.stringify([
    draft.localPrice,
    draft.internationalPrice,
    draft.format,
    draft.pages,
    draft.localPaperTypeId,
    draft.localCoverTypeId,
    draft.internationalPaperTypeId,
    draft.internationalCoverTypeId,
    draft.isLocal,
    draft.isInternational,
    draft.paperSide,
  ]);
}
