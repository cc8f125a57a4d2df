import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@pod/shared-contracts';
import { COMPLETED_FIELD, readCompletedStages } from './completed-stages';
import { clearDraft, readDraft, writeDraft } from './draft-storage';
import { STAGE_ORDER, type OrderedStage } from './stages';

/**
 * Resume links (new-book-wizard.md section 2, "Resume link"): the library's 'Continue Upload
 * Process' opens /new-book/publisher-info (a book whose stage is getquote) or
 * /new-book/upload-type (signedcontract) with ?continue=true&lbid=..&ibid=..&region=l|i|li.
 * The stage that receives one stores the book ids and regions in the draft, records the stages
 * before it as completed, and takes the query off the address.
 */

/** The stages a resume link opens. */
export const RESUME_STAGES = ['publisher-info', 'upload-type'] as const;
/** A stage a resume link opens. */
export type ResumeStage = (typeof RESUME_STAGES)[number];

/** What a resume link says about the book. */
export interface ResumeLink {
  localBookId: number | null;
  internationalBookId: number | null;
  isLocal: boolean;
  isInternational: boolean;
}

function bookId(text: string | null): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The resume link in a query string, or null when it is none: `continue=true` and at least one
 * valid book id. The regions are the `region` letters (l local, i international); without them,
 * the ids that are present.
 */
export function parseResumeLink(search: string): ResumeLink | null {
  const query = new URLSearchParams(search);
  if (query.get('continue') !== 'true') return null;
  const localBookId = bookId(query.get('lbid'));
  const internationalBookId = bookId(query.get('ibid'));
  if (localBookId === null && internationalBookId === null) return null;
  const region = (query.get('region') ?? '').toLowerCase();
  return {
    localBookId,
    internationalBookId,
    isLocal: region ? region.includes('l') : localBookId !== null,
    isInternational: region ? region.includes('i') : internationalBookId !== null,
  };
}

/** The stages a resumed book has done: every ordered stage before the one the link opens. */
export function stagesBefore(stage: ResumeStage): OrderedStage[] {
  return STAGE_ORDER.slice(0, STAGE_ORDER.indexOf(stage));
}

/**
 * Stores a resume link in the draft: calc_localBookId, calc_internationalBookId, calc_isLocal,
 * calc_isInternational and the stages before `stage` as completed. A draft that belongs to
 * another book (other stored ids) is cleared first; the same book's draft keeps what was typed.
 */
export function applyResumeLink(stage: ResumeStage, link: ResumeLink): void {
  const sameBook =
    readDraft<unknown>('localBookId', null) === link.localBookId &&
    readDraft<unknown>('internationalBookId', null) === link.internationalBookId;
  if (!sameBook) clearDraft();
  writeDraft('localBookId', link.localBookId);
  writeDraft('internationalBookId', link.internationalBookId);
  writeDraft('isLocal', link.isLocal);
  writeDraft('isInternational', link.isInternational);
  const completed = readCompletedStages();
  writeDraft(COMPLETED_FIELD, [...new Set([...completed, ...stagesBefore(stage)])]);
}

/**
 * Applies a resume link on `stage` (publisher-info, upload-type), if the address carries one:
 * stored before the screen's own state reads the draft (call it first among the screen's hooks),
 * then the query is taken off the address (a replace, so back does not apply it again).
 * Returns true when the screen was opened by a resume link.
 */
export function useResumeLink(stage: ResumeStage): boolean {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [resumed] = useState(() => {
    const link = parseResumeLink(search);
    if (link) applyResumeLink(stage, link);
    return link !== null;
  });
  const hasQuery = search.length > 1;
  useEffect(() => {
    if (resumed && hasQuery) navigate(pathname, { replace: true });
  }, [resumed, hasQuery, pathname, navigate]);
  return resumed;
}
