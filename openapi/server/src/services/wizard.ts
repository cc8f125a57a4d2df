import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { BOOK_MESSAGES, BookRowError, parseBulkRow, type BulkRow, type CsvValue } from '../domain/bulk-row.js';
import {
  internationalPrintCost,
  localPrintCost,
  processingCost,
  toPriceConfig,
  type PriceConfig,
  type ProcessingCost,
} from '../domain/pricing.js';
import { internationalRoyalty, localRoyalty } from '../domain/royalty.js';
import { HttpProblem } from '../errors.js';
import type { NewBookRow, ReferenceGroup, ReferenceOptionRow } from '../plugins/external/db-schema.js';
import type { ServiceHandlers } from './types.js';

export const DUPLICATE_UPLOAD_MESSAGE = 'Duplicate upload detected';

const validation = (message: string) => new HttpProblem(400, message, 'VALIDATION');

/** The public part of the price configuration (portal.yaml Prices). */
export function toPricesView(config: PriceConfig) {
  return {
    ebook: { conversionFixed: config.ebook.conversionFixed, uploadFee: config.ebook.uploadFee },
    fileRevision: config.fileRevision,
    isbnCreation: config.isbnCreation,
    duplexCoverPerBook: config.duplexCoverPerBook,
    softTouchLaminationPerCover: config.softTouchLaminationPerCover,
    spiralBindingPerBook: config.spiralBindingPerBook,
    vatRate: config.vatRate,
  };
}

/** portal.yaml QuoteResource: one option tagged by its group. */
function toQuoteResource(option: ReferenceOptionRow) {
  if (option.group_name === 'genres') {
    return { id: option.id, SubjectHeading: option.subject_heading ?? option.name, bisac: option.bisac ?? '', group: option.group_name };
  }
  return { id: option.id, name: option.name, maxPage: option.max_page, group: option.group_name };
}

export interface RowQuote {
  row: BulkRow;
  genreId: number;
  localPrintCost: number | null;
  internationalPrintCost: number | null;
  localRoyalty: number | null;
  internationalRoyalty: number | null;
  processing: ProcessingCost;
}

/**
 * Handlers of the wizard operations implemented so far: the shared loaders (options, prices,
 * voice-over artists) and the bulk row calculation. Formulas: domain/pricing.ts and royalty.ts.
 */
export function createWizardService(app: FastifyInstance, config: AppConfig) {
  const { referenceDataRepository, unitOfWork } = app;

  const priceConfig = async () => toPriceConfig(await referenceDataRepository.priceConfig());

  async function option(group: ReferenceGroup, id: number | null, message: string): Promise<ReferenceOptionRow> {
    const found = id === null ? undefined : await referenceDataRepository.findOption(group, id);
    if (!found) throw validation(message);
    return found;
  }

  function checkPages(pages: number | null, ...options: ReferenceOptionRow[]) {
    for (const { max_page: maxPage } of options) {
      if (pages !== null && maxPage !== null && pages > maxPage) throw validation(BOOK_MESSAGES.pagesPaper);
    }
  }

  /** Prices one parsed row against the reference data; throws 400 VALIDATION Problems. */
  async function quoteRow(row: BulkRow): Promise<RowQuote> {
    const prices = await priceConfig();
    const genre =
      typeof row.genre === 'number'
        ? await referenceDataRepository.findOption('genres', row.genre)
        : await referenceDataRepository.findGenre(row.genre);
    if (!genre) throw validation(BOOK_MESSAGES.genre);

    let localCost: number | null = null;
    let internationalCost: number | null = null;
    if (row.format === 'print' && row.isLocal) {
      const paper = await option('localPaperTypes', row.localPaperTypeId, BOOK_MESSAGES.localPaper);
      const cover = await option('localBookTypes', row.localCoverTypeId, BOOK_MESSAGES.localCover);
      checkPages(row.pages, paper, cover);
      localCost = localPrintCost(
        {
          pages: row.pages ?? 0,
          paperCostPerPage: Number(paper.unit_cost ?? 0),
          coverCost: Number(cover.unit_cost ?? 0),
          duplex: row.duplex,
          softTouch: row.softTouch,
          spiral: row.spiral,
          spotUv: row.spotUv,
        },
        prices,
      );
    }
    if (row.format === 'print' && row.isInternational) {
      const paper = await option('internationalPaperTypes', row.internationalPaperTypeId, BOOK_MESSAGES.internationalPaper);
      const cover = await option('internationalBookTypes', row.internationalCoverTypeId, BOOK_MESSAGES.internationalCover);
      checkPages(row.pages, paper, cover);
      internationalCost = internationalPrintCost(
        {
          pages: row.pages ?? 0,
          paperCostPerPage: Number(paper.unit_cost ?? 0),
          coverCost: Number(cover.unit_cost ?? 0),
          duplex: row.internationalDuplex,
          perforation: row.perforation,
        },
        prices,
      );
    }

    const local =
      row.localPrice === null ? null : localRoyalty({ format: row.format, price: row.localPrice, printCost: localCost ?? 0 }, prices);
    const international =
      row.internationalPrice === null
        ? null
        : internationalRoyalty({ format: row.format, price: row.internationalPrice, printCost: internationalCost ?? 0 }, prices);
    if ((local ?? 0) < 0 || (international ?? 0) < 0) throw validation(BOOK_MESSAGES.negativeRoyalty);

    return {
      row,
      genreId: genre.id,
      localPrintCost: localCost,
      internationalPrintCost: internationalCost,
      localRoyalty: local,
      internationalRoyalty: international,
      processing: processingCost(
        { format: row.format, pages: row.pages, isbnRequired: row.isbnRequired, recordingNeeded: row.recordingNeeded },
        prices,
      ),
    };
  }

  function bookRecords(userId: number, quote: RowQuote, source: Record<string, CsvValue>): NewBookRow[] {
    const { row } = quote;
    const pairId = randomUUID();
    const createdAt = config.now();
    const misc = JSON.stringify({
      status: 'quote',
      archived: false,
      isPaid: false,
      bookStage: 'getquote',
      bulk: true,
      printCost: { local: quote.localPrintCost, international: quote.internationalPrintCost },
      options: {
        l_paper_type_id: row.localPaperTypeId,
        l_cover_type_id: row.localCoverTypeId,
        i_paper_type_id: row.internationalPaperTypeId,
        i_cover_type_id: row.internationalCoverTypeId,
        spine_id: source.spine_id ?? null,
        finish: source.finish ?? null,
        bind: source.bind ?? null,
        height: source.height ?? null,
        width: source.width ?? null,
        voiceover_id: source.voiceover_id ?? null,
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
      local_royalty: quote.localRoyalty,
      international_royalty: quote.internationalRoyalty,
      misc,
      created_at: createdAt,
    });
    return [...(row.isLocal ? [record(false)] : []), ...(row.isInternational ? [record(true)] : [])];
  }

  return {
    async getQuoteInfo() {
      const options = await referenceDataRepository.listOptions();
      return { statusCode: 0, results: options.map(toQuoteResource) };
    },

    async getPricingList() {
      return { statusCode: 0, results: [toPricesView(await priceConfig())] };
    },

    async getAllVoiceoverArtists() {
      const artists = await referenceDataRepository.listVoiceArtists();
      return {
        statusCode: 0,
        results: artists.map(({ id, name, gender, nationality, sample_url }) => ({ id, name, gender, nationality, sample_url })),
      };
    },

    /**
     * One bulk CSV row: validated, priced, checked against the user's titles (409
     * DUPLICATE_UPLOAD) and, with is_bulk, saved as a quote (records + cart item) under a
     * per-user lock so two identical rows sent together cannot both be saved.
     */
    async bulkCalculate(request: FastifyRequest<{ Body: { row: Record<string, CsvValue>; is_bulk: boolean } }>) {
      const userId = request.userId;
      let row: BulkRow;
      try {
        row = parseBulkRow(request.body.row);
      } catch (err) {
        if (err instanceof BookRowError) throw validation(err.message);
        throw err;
      }
      const quote = await quoteRow(row);
      const regions = [...(row.isLocal ? [false] : []), ...(row.isInternational ? [true] : [])];

      const ids = await unitOfWork.run(async ({ books, cart }) => {
        if (request.body.is_bulk) await books.lockUser(userId);
        for (const isInternational of regions) {
          if (await books.titleExists(userId, row.title, isInternational)) {
            throw new HttpProblem(409, DUPLICATE_UPLOAD_MESSAGE, 'DUPLICATE_UPLOAD');
          }
        }
        if (!request.body.is_bulk) return { local: null, international: null };
        const saved = await books.insertMany(bookRecords(userId, quote, request.body.row));
        const local = saved.find((book) => !book.is_international)?.id ?? null;
        const international = saved.find((book) => book.is_international)?.id ?? null;
        await cart.add({ userId, bookId: local, internationalBookId: international, services: quote.processing.services, createdAt: config.now() });
        return { local, international };
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
        localRoyalty: quote.localRoyalty,
        internationRoyalty: quote.internationalRoyalty,
        totalCost: quote.processing.total,
        localBookId: ids.local,
        internationalBookId: ids.international,
      };
    },
  } satisfies ServiceHandlers;
}
