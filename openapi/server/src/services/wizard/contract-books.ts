import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '../../errors.js';
import type { BookRow } from '../../plugins/external/db-schema.js';
import { BOOK_PAIR_REQUIRED_MESSAGE, bookNotFound } from '../books.js';
import { isStoredId } from '../link-tokens.js';

/** Stages of the wizard's book records (books.misc.bookStage), in order. */
export const QUOTE_STAGE = 'getquote';
export const SIGNED_STAGE = 'signedcontract';
/** Files submitted (POST /user/uploadbook{suffix}): proofing follows once paid. */
export const UPLOADED_STAGE = 'uploaded';
/** Live on the sales platforms (set by the production team, never by the wizard). */
export const PUBLISHED_STAGE = 'published';
export const BOOK_STAGES = [QUOTE_STAGE, SIGNED_STAGE, UPLOADED_STAGE, PUBLISHED_STAGE] as const;

export const BOOK_CANCELLED_MESSAGE = 'This book has been cancelled';
export const CONTRACT_ALREADY_SIGNED_MESSAGE =
  'The contract of this book has already been signed: signing needs a book at stage getquote.';
export const CONTRACT_NOT_SIGNED_MESSAGE =
  'Sign the contract first: the appendix needs a book whose contract is signed (stage signedcontract).';
export const APPENDIX_ALREADY_SIGNED_MESSAGE = 'The appendix of this contract has already been signed.';

export interface BookPair {
  local_bookId?: number | null | undefined;
  international_bookId?: number | null | undefined;
}

export const stageOf = (book: Pick<BookRow, 'misc'>) => String(book.misc.bookStage ?? '');

/**
 * The upload the ids name: each id must be one of the caller's records in its region (404
 * otherwise, exactly like an unknown id), both ids the same upload. At least one id (400).
 * Answers the upload's pair id and the records named.
 */
export async function resolveUpload(
  app: FastifyInstance,
  userId: number,
  ids: BookPair,
): Promise<{ pairId: string; named: BookRow[] }> {
  const wanted: Array<[number, boolean]> = [];
  if (ids.local_bookId) wanted.push([ids.local_bookId, false]);
  if (ids.international_bookId) wanted.push([ids.international_bookId, true]);
  if (wanted.length === 0) throw new HttpProblem(400, BOOK_PAIR_REQUIRED_MESSAGE, 'VALIDATION');
  const named: BookRow[] = [];
  for (const [id, isInternational] of wanted) {
    const book = isStoredId(id) ? await app.bookRepository.findOwned(userId, id, isInternational) : undefined;
    if (!book) throw bookNotFound();
    named.push(book);
  }
  if (named.some((book) => book.pair_id !== named[0]!.pair_id)) throw bookNotFound();
  return { pairId: named[0]!.pair_id, named };
}

/** 409 unless every record of the upload may be signed now (not cancelled, stage getquote). */
export function assertSignable(records: readonly BookRow[]): void {
  if (records.some((book) => book.misc.archived === true)) throw new HttpProblem(409, BOOK_CANCELLED_MESSAGE);
  if (records.some((book) => stageOf(book) !== QUOTE_STAGE))
    throw new HttpProblem(409, CONTRACT_ALREADY_SIGNED_MESSAGE);
}

/**
 * 409 unless the upload's contract is signed: stage signedcontract or a later one (the files
 * step may move the stage on before the appendix is signed), never getquote, not cancelled.
 */
export function assertContractSigned(records: readonly BookRow[]): void {
  if (records.some((book) => book.misc.archived === true)) throw new HttpProblem(409, BOOK_CANCELLED_MESSAGE);
  if (records.some((book) => stageOf(book) === QUOTE_STAGE || stageOf(book) === '' || book.contract === null)) {
    throw new HttpProblem(409, CONTRACT_NOT_SIGNED_MESSAGE);
  }
  if (records.some((book) => book.contract?.appendix_signed_at)) {
    throw new HttpProblem(409, APPENDIX_ALREADY_SIGNED_MESSAGE);
  }
}

export const UPLOAD_NEEDS_CONTRACT_MESSAGE =
  'Sign the contract first: files can be uploaded once the contract of this book is signed.';

/**
 * 409 unless files may be uploaded for the upload's records: not cancelled, contract signed
 * (stage signedcontract or any later one; the appendix may or may not be signed yet).
 */
export function assertUploadable(records: readonly BookRow[]): void {
  if (records.some((book) => book.misc.archived === true)) throw new HttpProblem(409, BOOK_CANCELLED_MESSAGE);
  if (records.some((book) => stageOf(book) === QUOTE_STAGE || stageOf(book) === '' || book.contract === null)) {
    throw new HttpProblem(409, UPLOAD_NEEDS_CONTRACT_MESSAGE);
  }
}
