import { fromCents } from '@pod/shared-contracts/money';
import {
  estimateRoyalties,
  processingCost,
  toPriceConfig,
  type Estimate,
  type PriceConfig,
  type PricedOption,
  type ProcessingCost,
  type RegionEstimate,
} from '@pod/shared-contracts/pricing';
import { BOOK_MESSAGES, type PricingFields } from '../../domain/bulk-row.js';
import { HttpProblem } from '../../errors.js';
import type { ReferenceGroup, ReferenceOptionRow } from '../../plugins/external/db-schema.js';
import type { ReferenceDataRepository } from '../../plugins/app/reference-data-repository.js';

/**
 * The server's side of the pricing engine: it resolves the chosen paper and cover types from its
 * own reference data and runs @pod/shared-contracts/pricing, so every figure of an estimate, a
 * quote or a bulk row is computed here and none is taken from the browser.
 */

export const validation = (message: string) => new HttpProblem(400, message, 'VALIDATION');

/** An estimate plus the processing cost of the upload. */
export interface PricedBook {
  estimate: Estimate;
  processing: ProcessingCost;
}

/** portal.yaml RoyaltyBreakdown of one region (amounts in rand / dollars). */
export function toBreakdownView(region: RegionEstimate | null) {
  if (!region) return null;
  return {
    currency: region.currency,
    lines: region.lines.map(({ key, label, cents }) => ({ key, label, amount: fromCents(cents) })),
    royalty: region.royalty,
    printCost: region.printCost,
    minimumPrice: region.minimumPrice,
  };
}

/** Prices books against `referenceDataRepository` (the app's, or a batch's memoized view of it). */
export function createBookPricing(referenceDataRepository: ReferenceDataRepository) {
  const priceConfig = async (): Promise<PriceConfig> => toPriceConfig(await referenceDataRepository.priceConfig());

  async function option(group: ReferenceGroup, id: number | null, message: string): Promise<ReferenceOptionRow> {
    const found = id === null ? undefined : await referenceDataRepository.findOption(group, id);
    if (!found) throw validation(message);
    return found;
  }

  const priced = (row: ReferenceOptionRow): PricedOption => ({
    unitCost: Number(row.unit_cost ?? 0),
    maxPage: row.max_page,
  });

  /**
   * Prices the book's fields: unknown paper or cover types answer 400 with the book-details
   * message; a page count over a type's maxPage gives the B12 estimate (the caller decides
   * whether that is an answer or an error).
   */
  async function price(fields: PricingFields, isbnRequired: boolean): Promise<PricedBook> {
    const config = await priceConfig();
    const print = fields.format === 'print';
    const local =
      fields.isLocal && fields.localPrice !== null
        ? {
            price: fields.localPrice,
            ...(print && {
              paper: priced(await option('localPaperTypes', fields.localPaperTypeId, BOOK_MESSAGES.localPaper)),
              cover: priced(await option('localBookTypes', fields.localCoverTypeId, BOOK_MESSAGES.localCover)),
            }),
            duplex: fields.duplex,
            softTouch: fields.softTouch,
            spiral: fields.spiral,
            spotUv: fields.spotUv,
          }
        : null;
    const international =
      fields.isInternational && fields.internationalPrice !== null
        ? {
            price: fields.internationalPrice,
            ...(print && {
              paper: priced(
                await option(
                  'internationalPaperTypes',
                  fields.internationalPaperTypeId,
                  BOOK_MESSAGES.internationalPaper,
                ),
              ),
              cover: priced(
                await option(
                  'internationalBookTypes',
                  fields.internationalCoverTypeId,
                  BOOK_MESSAGES.internationalCover,
                ),
              ),
            }),
            duplex: fields.internationalDuplex,
            perforation: fields.perforation,
          }
        : null;
    const estimate = estimateRoyalties(
      {
        format: fields.format,
        pages: fields.pages,
        heightMm: fields.heightMm,
        widthMm: fields.widthMm,
        local,
        international,
      },
      config,
    );
    const processing = processingCost(
      { format: fields.format, pages: fields.pages, isbnRequired, recordingNeeded: fields.recordingNeeded },
      config,
    );
    return { estimate, processing };
  }

  /** Like `price`, but the page limit and a negative royalty are 400s (what a quote may not store). */
  async function priceForSaving(fields: PricingFields, isbnRequired: boolean) {
    const { estimate, processing } = await price(fields, isbnRequired);
    if (estimate.statusCode !== 0) throw validation(BOOK_MESSAGES.pagesPaper);
    const { local, international } = estimate;
    if ((local?.royaltyCents ?? 0) < 0 || (international?.royaltyCents ?? 0) < 0)
      throw validation(BOOK_MESSAGES.negativeRoyalty);
    return { local, international, processing };
  }

  return { priceConfig, price, priceForSaving };
}

export type BookPricing = ReturnType<typeof createBookPricing>;
