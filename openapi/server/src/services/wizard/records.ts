import { randomUUID } from 'node:crypto';
import type { ProcessingCost, RegionEstimate } from '@pod/shared-contracts/pricing';
import type { BulkRow, CsvValue } from '../../domain/bulk-row.js';
import type { NewBookRow } from '../../plugins/external/db-schema.js';
import type { TransactionalRepositories } from '../../plugins/app/unit-of-work.js';

/** A priced book ready to be stored as a quote. */
export interface RowQuote {
  row: BulkRow;
  genreId: number;
  local: RegionEstimate | null;
  international: RegionEstimate | null;
  processing: ProcessingCost;
}

/**
 * The book records of one quote (one per chosen region, sharing a pair id): status `quote`,
 * stage `getquote`, the server's own figures, and the options the wizard chose in misc.
 */
export function bookRecords(
  userId: number,
  quote: RowQuote,
  source: Record<string, CsvValue>,
  createdAt: Date,
  extra: Record<string, unknown> = {},
): NewBookRow[] {
  const { row } = quote;
  const pairId = randomUUID();
  const misc = JSON.stringify({
    status: 'quote',
    archived: false,
    isPaid: false,
    bookStage: 'getquote',
    ...extra,
    printCost: { local: quote.local?.printCost ?? null, international: quote.international?.printCost ?? null },
    options: {
      l_paper_type_id: row.localPaperTypeId,
      l_cover_type_id: row.localCoverTypeId,
      i_paper_type_id: row.internationalPaperTypeId,
      i_cover_type_id: row.internationalCoverTypeId,
      spine_id: source.spine_id ?? null,
      finish: source.finish ?? null,
      bind: source.bind ?? null,
      height: row.heightMm,
      width: row.widthMm,
      voiceover_id: source.voiceover_id ?? null,
      // Read by POST /user/uploadbookaudio: without a recording the author sends the chapters.
      recording_needed: row.format === 'audiobook' && row.recordingNeeded,
    },
  });
  const record = (isInternational: boolean): NewBookRow => ({
    user_id: userId,
    pair_id: pairId,
    is_international: isInternational,
    book_title: row.title,
    format_type: row.format,
    no_of_pages: row.pages,
    isbn: row.isbn,
    genre_id: quote.genreId,
    price_sale: isInternational ? row.internationalPrice : row.localPrice,
    local_price: row.localPrice,
    international_price: row.internationalPrice,
    local_royalty: quote.local?.royalty ?? null,
    international_royalty: quote.international?.royalty ?? null,
    misc,
    created_at: createdAt,
  });
  return regionsOf(row).map(record);
}

/** The regions a book is sold in, as `is_international` values: local first. */
export function regionsOf(row: Pick<BulkRow, 'isLocal' | 'isInternational'>): boolean[] {
  return [...(row.isLocal ? [false] : []), ...(row.isInternational ? [true] : [])];
}

/** The ids of a stored quote's records; null for a region the book is not sold in. */
export interface QuoteIds {
  local: number | null;
  international: number | null;
}

/** A priced book to store, with the request or CSV fields it came from. */
export interface QuoteToSave {
  quote: RowQuote;
  source: Record<string, CsvValue>;
}

/**
 * Stores quotes inside the caller's transaction: the book records of all of them in one
 * statement, then the one cart item per quote that pays for its processing, in one more.
 * Returns each quote's ids, in the order given. The figures are the server's own (`quote`),
 * never the browser's.
 */
export async function saveQuotes(
  { books, cart }: Pick<TransactionalRepositories, 'books' | 'cart'>,
  userId: number,
  toSave: QuoteToSave[],
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<QuoteIds[]> {
  const records = toSave.map(({ quote, source }) => bookRecords(userId, quote, source, now, extra));
  const stored = new Map(
    (await books.insertMany(records.flat())).map((book) => [`${book.pair_id}:${book.is_international}`, book.id]),
  );
  // The records of one quote share its pair id.
  const ids = records.map(([first]) => ({
    local: stored.get(`${first?.pair_id}:false`) ?? null,
    international: stored.get(`${first?.pair_id}:true`) ?? null,
  }));
  await cart.addMany(
    toSave.map(({ quote }, index) => ({
      userId,
      bookId: ids[index]?.local ?? null,
      internationalBookId: ids[index]?.international ?? null,
      services: quote.processing.services,
      createdAt: now,
    })),
  );
  return ids;
}

/** Stores one quote (saveQuotes of one): its book records and its cart item. */
export async function saveQuote(
  repositories: Pick<TransactionalRepositories, 'books' | 'cart'>,
  userId: number,
  quote: RowQuote,
  source: Record<string, CsvValue>,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<QuoteIds> {
  const [ids] = await saveQuotes(repositories, userId, [{ quote, source }], now, extra);
  return ids ?? { local: null, international: null };
}
