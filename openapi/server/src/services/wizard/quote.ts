import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import { BOOK_MESSAGES, isIsbn13, parsePricingFields, type CsvValue } from '../../domain/bulk-row.js';
import { HttpProblem } from '../../errors.js';
import type { OperationRequest, ServiceHandlers } from '../types.js';
import { parseBook, parseOr400, quoteBook } from './bulk.js';
import { toBreakdownView, validation, type BookPricing } from './pricing.js';
import { saveQuote } from './records.js';

/** Spec section 8: the quote's ISBN-in-use alert. */
export const ISBN_IN_USE_MESSAGE = 'The provided ISBN is already in use. Please select a different ISBN';
/** Spec section 8: any other failed quote. */
export const QUOTE_FAILED_MESSAGE = 'Something went wrong';
/** Not in the specification (the form offers only the server's artists); see the server README. */
export const VOICE_ARTIST_MESSAGE = 'Please select a voice-over artist for your book';
/** Not in the specification (the form offers only Matt and Gloss); see the server README. */
export const COVER_FINISH_MESSAGE = 'Please select a cover finish for your book';

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** PUT /user/realtimeroyalty, POST /user/getquote and POST /user/getvalidisbn. */
export function createQuoteService(app: FastifyInstance, config: AppConfig, pricing: BookPricing) {
  const { referenceDataRepository, userRepository, unitOfWork } = app;

  async function checkVoiceArtist(id: unknown) {
    if (blank(id)) return;
    const wanted = Number(String(id).trim());
    const artists = await referenceDataRepository.listVoiceArtists();
    if (!artists.some((artist) => artist.id === wanted)) throw validation(VOICE_ARTIST_MESSAGE);
  }

  return {
    /** Prices the calculator's inputs (nothing saved); B12 when the pages exceed a chosen type. */
    async realtimeRoyalty(request: OperationRequest<'realtimeRoyalty'>) {
      const fields = parseOr400(() => parsePricingFields(request.body as Record<string, CsvValue>));
      const { estimate, processing } = await pricing.price(fields, false);
      if (estimate.statusCode !== 0) {
        return {
          statusCode: estimate.statusCode,
          description: estimate.description,
          localRoyalty: null,
          internationRoyalty: null,
          totalCost: null,
          breakdown: null,
        };
      }
      return {
        statusCode: 0,
        localRoyalty: estimate.local?.royalty ?? null,
        internationRoyalty: estimate.international?.royalty ?? null,
        totalCost: processing.total,
        breakdown: { local: toBreakdownView(estimate.local), international: toBreakdownView(estimate.international) },
      };
    },

    /**
     * Validates the whole book again, prices it with the server's data and stores the quote (one
     * record per region and the cart item) for the caller; the ISBN is claimed under a lock so
     * two quotes cannot take the same ISBN at once.
     */
    async getQuote(request: OperationRequest<'getQuote'>) {
      const userId = request.userId;
      const user = await userRepository.findById(userId);
      if (!user || blank(user.name_first) || blank(user.name_last) || blank(user.email)) {
        throw new HttpProblem(400, QUOTE_FAILED_MESSAGE, 'VALIDATION');
      }
      const source = request.body as Record<string, CsvValue>;
      const row = parseBook(source, { titleMissing: BOOK_MESSAGES.titleRequired, requireSize: true });
      if (!blank(source.finish) && !['matt', 'gloss'].includes(String(source.finish).trim().toLowerCase())) {
        throw validation(COVER_FINISH_MESSAGE);
      }
      if (row.format === 'audiobook') await checkVoiceArtist(source.voiceover_id);
      const quote = await quoteBook(app.referenceDataRepository, pricing, row);

      const ids = await unitOfWork.run(async ({ books, cart }) => {
        if (row.isbn !== null) {
          await books.lockIsbn(row.isbn);
          if (await books.isbnInUse(row.isbn)) throw new HttpProblem(409, ISBN_IN_USE_MESSAGE, 'ISBN_EXISTS');
        }
        return saveQuote({ books, cart }, userId, quote, source, config.now());
      });

      return {
        statusCode: 0,
        description: 'Successful',
        localRoyalty: quote.local?.royalty ?? null,
        internationRoyalty: quote.international?.royalty ?? null,
        totalCost: quote.processing.total,
        localBookId: ids.local,
        internationalBookId: ids.international,
        bookID: (ids.local ?? ids.international) as number,
      };
    },

    /** Whether an ISBN-13 (valid check digit) is free: isValid false when any book carries it. */
    async getValidIsbn(request: OperationRequest<'getValidIsbn'>) {
      const { isbn } = request.body;
      if (!isIsbn13(isbn)) throw validation(BOOK_MESSAGES.isbnInvalid);
      if (await app.bookRepository.isbnInUse(isbn))
        return { statusCode: 200, isValid: false, description: ISBN_IN_USE_MESSAGE };
      return { statusCode: 200, isValid: true };
    },
  } satisfies ServiceHandlers;
}
