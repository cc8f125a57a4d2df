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
  return [...(row.isLocal ? [record(false)] : []), ...(row.isInternational ? [record(true)] : [])];
}

/** The ids of a stored quote's records; null for a region the book is not sold in. */
export interface QuoteIds {
  local: number | null;
  international: number | null;
}

/**
 * Stores a quote inside the caller's transaction: its book records and the one cart item that
 * pays for their processing. The figures are the server's own (`quote`), never the browser's.
 */
export async function saveQuote(
  { books, cart }: Pick<TransactionalRepositories, 'books' | 'cart'>,
  userId: number,
  quote: RowQuote,
  source: Record<string, CsvValue>,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<QuoteIds> {
  const saved = await books.insertMany(bookRecords(userId, quote, source, now, extra));
  const local = saved.find((book) => !book.is_international)?.id ?? null;
  const international = saved.find((book) => book.is_international)?.id ?? null;
  await cart.add({
    userId,
    bookId: local,
    internationalBookId: international,
    services: quote.processing.services,
    createdAt: now,
  });
  return { local, international };
}
