import { useCallback, useRef, useState } from 'react';
import { ApiError, formatRand, formatUsd, getCurrentUser, useInvalidate, type User } from '@pod/shared-contracts';
import { writeDraft } from '../../lib/draft-storage';
import { getQuote, type QuoteResult } from './api/get-quote';
import type { QuoteRequest } from './quote-body';

/** Spec section 8: a quote refused because another book uses the ISBN. */
export const QUOTE_ISBN_IN_USE_MESSAGE = 'The provided ISBN is already in use. Please select a different ISBN';
/** Spec section 8: any other failed quote. */
export const QUOTE_FAILED_MESSAGE = 'Something went wrong';

/** The legacy success-body status of an ISBN in use (spec section 8); this server answers 409. */
const ISBN_EXISTS_STATUS = 'ISBN already exists';

/** Why a quote failed: the ISBN is in use, or anything else (with the server's reason when it gave one). */
export type QuoteFailure = { kind: 'isbnInUse' } | { kind: 'failed'; detail: string | null };

/** The draft's record of a saved quote (spec section 3: royalties are strings with a currency prefix). */
export interface StoredQuote {
  localBookId: number | null;
  internationalBookId: number | null;
  royalties: { localRoyalty: string; internationalRoyalty: string };
  totalCost: number;
}

const present = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The quote needs the stored user's first name, last name and e-mail (spec section 4). */
export function canRequestQuote(user: User | null): boolean {
  if (!user) return false;
  return (
    (present(user.name_first) || present(user.firstname)) &&
    (present(user.name_last) || present(user.lastname)) &&
    present(user.email)
  );
}

/**
 * The draft's record of a successful answer, or null when it is not one: statusCode 0 and a
 * book id (localBookId, internationalBookId, or older clients' bookID for the first region).
 */
export function toStoredQuote(result: QuoteResult, body: QuoteRequest): StoredQuote | null {
  if (result.statusCode !== 0 && result.statusCode !== '0') return null;
  const fallback = typeof result.bookID === 'number' ? result.bookID : null;
  const localBookId = body.is_local ? (result.localBookId ?? fallback) : null;
  const internationalBookId = body.is_international
    ? (result.internationalBookId ?? (body.is_local ? null : fallback))
    : null;
  if (localBookId === null && internationalBookId === null) return null;
  const local = body.is_local && typeof result.localRoyalty === 'number' ? formatRand(result.localRoyalty) : '';
  const international =
    body.is_international && typeof result.internationRoyalty === 'number' ? formatUsd(result.internationRoyalty) : '';
  return {
    localBookId,
    internationalBookId,
    royalties: { localRoyalty: local, internationalRoyalty: international },
    totalCost: result.totalCost,
  };
}

/** Keeps a saved quote in the draft: calc_localBookId, calc_internationalBookId, calc_royalties, calc_totalCost. */
export function writeStoredQuote(quote: StoredQuote): void {
  writeDraft('localBookId', quote.localBookId);
  writeDraft('internationalBookId', quote.internationalBookId);
  writeDraft('royalties', quote.royalties);
  writeDraft('totalCost', quote.totalCost);
}

/**
 * The failure of a refused call: 409 ISBN_EXISTS is the ISBN alert; a 400 VALIDATION keeps the
 * server's message (the spec's field message, e.g. the page limit) so the author knows what to
 * change; anything else is only 'Something went wrong'.
 */
export function toQuoteFailure(error: unknown): QuoteFailure {
  if (error instanceof ApiError && error.status === 409 && error.code === 'ISBN_EXISTS') return { kind: 'isbnInUse' };
  if (error instanceof ApiError && error.status === 400 && error.code === 'VALIDATION') {
    const message = error.message.trim();
    return { kind: 'failed', detail: message && message !== QUOTE_FAILED_MESSAGE ? message : null };
  }
  return { kind: 'failed', detail: null };
}

/** What the Confirm button needs: submit, whether it runs, and the last failure. */
export interface SubmitQuote {
  submit: (body: QuoteRequest) => Promise<void>;
  submitting: boolean;
  failure: QuoteFailure | null;
}

/**
 * POST /user/getquote for page 3 (spec section 4, "Quote"). One call at a time, and none after
 * a success (the page is leaving); without the user's names and e-mail nothing is sent. A
 * success is stored in the draft, the user and the books are read again (the quote added a book
 * and a cart item), then `onSaved` moves on.
 */
export function useSubmitQuote(onSaved: () => void): SubmitQuote {
  const invalidate = useInvalidate();
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<QuoteFailure | null>(null);

  const submit = useCallback(
    async (body: QuoteRequest) => {
      if (running.current) return;
      setFailure(null);
      if (!canRequestQuote(getCurrentUser())) {
        setFailure({ kind: 'failed', detail: null });
        return;
      }
      running.current = true;
      setSubmitting(true);
      try {
        const result = await getQuote(body);
        const stored = toStoredQuote(result, body);
        if (!stored) {
          setFailure(
            result.statusCode === ISBN_EXISTS_STATUS ? { kind: 'isbnInUse' } : { kind: 'failed', detail: null },
          );
          running.current = false;
          setSubmitting(false);
          return;
        }
        writeStoredQuote(stored);
        void invalidate('booksAdded');
        onSaved();
      } catch (error) {
        setFailure(toQuoteFailure(error));
        running.current = false;
        setSubmitting(false);
      }
    },
    [invalidate, onSaved],
  );

  return { submit, submitting, failure };
}
