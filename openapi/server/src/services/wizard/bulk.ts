import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import { BOOK_MESSAGES, BookRowError, parseBulkRow, type BulkRow, type CsvValue } from '../../domain/bulk-row.js';
import { HttpProblem } from '../../errors.js';
import type { OperationRequest, ServiceHandlers } from '../types.js';
import { memoizeReferenceData, type ReferenceDataRepository } from '../../plugins/app/reference-data-repository.js';
import { titleKey } from '../../plugins/app/book-repository.js';
import { createBookPricing, validation, type BookPricing } from './pricing.js';
import { regionsOf, saveQuote, saveQuotes, type QuoteToSave, type RowQuote } from './records.js';

export const DUPLICATE_UPLOAD_MESSAGE = 'Duplicate upload detected';

const NO_IDS = { local: null, international: null };

/** Runs a book-row parser of domain/bulk-row.ts, turning its failures into 400 VALIDATION Problems. */
export function parseOr400<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof BookRowError) throw validation(err.message);
    throw err;
  }
}

/** Parses a book with parseBulkRow, turning its failures into 400 VALIDATION Problems. */
export function parseBook(row: Record<string, CsvValue>, options?: Parameters<typeof parseBulkRow>[1]): BulkRow {
  return parseOr400(() => parseBulkRow(row, options));
}

/** Prices a parsed book against the reference data (genre included); throws 400 VALIDATION Problems. */
export async function quoteBook(
  referenceDataRepository: ReferenceDataRepository,
  pricing: BookPricing,
  row: BulkRow,
): Promise<RowQuote> {
  const genre =
    typeof row.genre === 'number'
      ? await referenceDataRepository.findOption('genres', row.genre)
      : await referenceDataRepository.findGenre(row.genre);
  if (!genre) throw validation(BOOK_MESSAGES.genre);
  const { local, international, processing } = await pricing.priceForSaving(row, row.isbnRequired);
  return { row, genreId: genre.id, local, international, processing };
}

type RowView = ReturnType<typeof rowView>;

/** portal.yaml BulkCalculateResult of a priced row (ids null when it was not saved). */
function rowView(
  row: BulkRow,
  quote: RowQuote,
  saved: boolean,
  ids: { local: number | null; international: number | null },
) {
  return {
    statusCode: 0,
    description: saved ? 'Successful' : 'Calculated',
    ...(saved && { status: 'quote' }),
    book_title: row.title,
    format_type: row.format,
    no_of_pages: row.pages,
    isbn: row.isbn,
    local_price: row.localPrice,
    international_price: row.internationalPrice,
    localRoyalty: quote.local?.royalty ?? null,
    internationRoyalty: quote.international?.royalty ?? null,
    totalCost: quote.processing.total,
    localBookId: ids.local,
    internationalBookId: ids.international,
  };
}

/** The (region, title) keys a row would take in the user's library. */
const rowKeys = (row: BulkRow) => regionsOf(row).map((isInternational) => titleKey(row.title, isInternational));

/** portal.yaml BulkRowOutcome. */
type RowOutcome =
  | { outcome: 'saved' | 'calculated'; result: RowView }
  | { outcome: 'duplicate' | 'invalid'; message: string; code: string | undefined };

/** POST /user/bulkcalculate and /user/bulkcalculate/batch: bulk CSV rows. */
export function createBulkService(app: FastifyInstance, config: AppConfig, pricing: BookPricing) {
  const { unitOfWork } = app;
  return {
    /**
     * One bulk CSV row: validated, priced, checked against the user's titles (409
     * DUPLICATE_UPLOAD) and, with is_bulk, saved as a quote (records + cart item) under a
     * per-user lock so two identical rows sent together cannot both be saved.
     */
    async bulkCalculate(request: OperationRequest<'bulkCalculate'>) {
      const userId = request.userId;
      const source = request.body.row as Record<string, CsvValue>;
      const row = parseBook(source);
      const quote = await quoteBook(app.referenceDataRepository, pricing, row);
      const ids = await unitOfWork.run(async ({ books, cart }) => {
        if (request.body.is_bulk) await books.lockUser(userId);
        for (const isInternational of regionsOf(row)) {
          if (await books.titleExists(userId, row.title, isInternational)) {
            throw new HttpProblem(409, DUPLICATE_UPLOAD_MESSAGE, 'DUPLICATE_UPLOAD');
          }
        }
        if (!request.body.is_bulk) return { local: null, international: null };
        return saveQuote({ books, cart }, userId, quote, source, config.now(), { bulk: true });
      });

      return rowView(row, quote, request.body.is_bulk, ids);
    },

    /**
     * Up to 100 rows judged like bulkCalculate, one outcome each: every row is parsed and priced
     * against one memoized read of the reference data, then, in one transaction under the
     * user's lock, checked against the library in one query (and against the earlier rows of
     * the call), and the good rows' records and cart items written in two statements.
     */
    async bulkCalculateBatch(request: OperationRequest<'bulkCalculateBatch'>) {
      const userId = request.userId;
      const save = request.body.is_bulk;
      const referenceData = memoizeReferenceData(app.referenceDataRepository);
      const batchPricing = createBookPricing(referenceData);

      type Judged = QuoteToSave | { refused: HttpProblem };
      const judged: Judged[] = [];
      for (const value of request.body.rows) {
        const source = value as Record<string, CsvValue>;
        try {
          judged.push({ source, quote: await quoteBook(referenceData, batchPricing, parseBook(source)) });
        } catch (err) {
          if (!(err instanceof HttpProblem) || err.statusCode !== 400) throw err;
          judged.push({ refused: err });
        }
      }
      const priced = judged.flatMap((item) => ('quote' in item ? [item.quote.row.title] : []));

      return unitOfWork.run(async ({ books, cart }) => {
        if (save) await books.lockUser(userId);
        const taken = await books.titlesTaken(userId, priced);
        const outcomes: (RowOutcome | { toSave: QuoteToSave })[] = judged.map((item) => {
          if ('refused' in item) return { outcome: 'invalid', message: item.refused.message, code: item.refused.code };
          const keys = rowKeys(item.quote.row);
          if (keys.some((key) => taken.has(key)))
            return { outcome: 'duplicate', message: DUPLICATE_UPLOAD_MESSAGE, code: 'DUPLICATE_UPLOAD' };
          if (!save) return { outcome: 'calculated', result: rowView(item.quote.row, item.quote, false, NO_IDS) };
          for (const key of keys) taken.add(key);
          return { toSave: item };
        });

        const toSave = outcomes.flatMap((item) => ('toSave' in item ? [item.toSave] : []));
        const ids = await saveQuotes({ books, cart }, userId, toSave, config.now(), { bulk: true });
        let saved = 0;
        const results = outcomes.map((item): RowOutcome => {
          if (!('toSave' in item)) return item;
          const { quote } = item.toSave;
          return { outcome: 'saved', result: rowView(quote.row, quote, true, ids[saved++] ?? NO_IDS) };
        });
        return { statusCode: 0, results };
      });
    },
  } satisfies ServiceHandlers;
}
