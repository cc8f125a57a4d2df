import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import { BOOK_MESSAGES, BookRowError, parseBulkRow, type BulkRow, type CsvValue } from '../../domain/bulk-row.js';
import { HttpProblem } from '../../errors.js';
import type { OperationRequest, ServiceHandlers } from '../types.js';
import { validation, type BookPricing } from './pricing.js';
import { saveQuote, type RowQuote } from './records.js';

export const DUPLICATE_UPLOAD_MESSAGE = 'Duplicate upload detected';

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
export async function quoteBook(app: FastifyInstance, pricing: BookPricing, row: BulkRow): Promise<RowQuote> {
  const { referenceDataRepository } = app;
  const genre =
    typeof row.genre === 'number'
      ? await referenceDataRepository.findOption('genres', row.genre)
      : await referenceDataRepository.findGenre(row.genre);
  if (!genre) throw validation(BOOK_MESSAGES.genre);
  const { local, international, processing } = await pricing.priceForSaving(row, row.isbnRequired);
  return { row, genreId: genre.id, local, international, processing };
}

/** POST /user/bulkcalculate: one bulk CSV row. */
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
      const quote = await quoteBook(app, pricing, row);
      const regions = [...(row.isLocal ? [false] : []), ...(row.isInternational ? [true] : [])];

      const ids = await unitOfWork.run(async ({ books, cart }) => {
        if (request.body.is_bulk) await books.lockUser(userId);
        for (const isInternational of regions) {
          if (await books.titleExists(userId, row.title, isInternational)) {
            throw new HttpProblem(409, DUPLICATE_UPLOAD_MESSAGE, 'DUPLICATE_UPLOAD');
          }
        }
        if (!request.body.is_bulk) return { local: null, international: null };
        return saveQuote({ books, cart }, userId, quote, source, config.now(), { bulk: true });
      });

      return {
        statusCode: 0,
        description: request.body.is_bulk ? 'Successful' : 'Calculated',
        ...(request.body.is_bulk && { status: 'quote' }),
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
    },
  } satisfies ServiceHandlers;
}
