import { roundMoney } from '../money';
import type { Format, PriceConfig } from './config';

/**
 * Print cost per copy and the processing cost of one upload (pure).
 *
 *   size factor   = max(1, height x width / (210 x 148)) to 2 decimals: paper is priced per A5 page,
 *                   a larger page pays in proportion to its area (A4 = 2.01); no size given = 1
 *   local         = localBasePerBook + pages x paper.unitCost x size factor + cover.unitCost
 *                   + duplexCoverPerBook + softTouchLaminationPerCover + spiralBindingPerBook
 *                   + spotUvPerCover (each extra only when chosen)                        (ZAR)
 *   international = internationalBasePerBook + pages x paper.unitCost x size factor + cover.unitCost
 *                   + internationalDuplexPerBook + perforationPerBook (when chosen)       (USD)
 *   eBook / audiobook: 0 (nothing is printed).
 *
 * Colour is priced through the paper type: colour papers carry a higher unit cost, and the
 * wizard offers colour papers for 'Colo' books.
 */

/** The A5 page area (mm²) the paper types' unit costs are quoted for. */
export const BASE_PAGE_AREA_MM2 = 210 * 148;

/** The paper-cost multiplier of a page size (see the module comment); 1 without a size. */
export function sizeFactor(heightMm?: number | null, widthMm?: number | null): number {
  if (!heightMm || !widthMm || heightMm <= 0 || widthMm <= 0) return 1;
  return Math.max(1, roundMoney((heightMm * widthMm) / BASE_PAGE_AREA_MM2));
}

/** Inputs of a local print copy. */
export interface LocalPrintInput {
  pages: number;
  /** ZAR per page of the chosen local paper type. */
  paperCostPerPage: number;
  /** ZAR per cover of the chosen local book (cover) type. */
  coverCost: number;
  heightMm?: number | null;
  widthMm?: number | null;
  duplex?: boolean;
  softTouch?: boolean;
  spiral?: boolean;
  spotUv?: boolean;
}

/** Local print cost per copy in ZAR, rounded to cents. */
export function localPrintCost(input: LocalPrintInput, config: PriceConfig): number {
  const paper = input.pages * input.paperCostPerPage * sizeFactor(input.heightMm, input.widthMm);
  let cost = config.localBasePerBook + paper + input.coverCost;
  if (input.duplex) cost += config.duplexCoverPerBook;
  if (input.softTouch) cost += config.softTouchLaminationPerCover;
  if (input.spiral) cost += config.spiralBindingPerBook;
  if (input.spotUv) cost += config.spotUvPerCover;
  return roundMoney(cost);
}

/** Inputs of an international print copy. */
export interface InternationalPrintInput {
  pages: number;
  /** USD per page of the chosen international paper type. */
  paperCostPerPage: number;
  /** USD per cover of the chosen international book type. */
  coverCost: number;
  heightMm?: number | null;
  widthMm?: number | null;
  duplex?: boolean;
  perforation?: boolean;
}

/** International print cost per copy in USD, rounded to cents. */
export function internationalPrintCost(input: InternationalPrintInput, config: PriceConfig): number {
  const paper = input.pages * input.paperCostPerPage * sizeFactor(input.heightMm, input.widthMm);
  let cost = config.internationalBasePerBook + paper + input.coverCost;
  if (input.duplex) cost += config.internationalDuplexPerBook;
  if (input.perforation) cost += config.perforationPerBook;
  return roundMoney(cost);
}

/** One priced service of a cart item (CartService of portal.yaml): ZAR excluding VAT. */
export interface PricedService {
  name: string;
  description: string;
  cost: number;
  discount: number;
  discount_type: number;
}

/** Inputs of the processing cost of one upload. */
export interface ProcessingInput {
  format: Format;
  pages: number | null;
  isbnRequired: boolean;
  recordingNeeded?: boolean;
}

/** The processing cost of one upload (the cart item, paid once for both regions). */
export interface ProcessingCost {
  /** The cart item's services; the first is the processing service the cart shows. */
  services: PricedService[];
  exVat: number;
  vat: number;
  /** ZAR incl. VAT: the `totalCost` of quotes, estimates and bulk rows. */
  total: number;
}

/**
 * print: printSetupFee; ebook: ebook.uploadFee (conversion to .epub is a service chosen later,
 * with the cover requirements, and added to the cart then at ebook.conversionFixed); audiobook:
 * audiobookSetupFee + recordingPerPage x pages when a recording is needed; plus isbnCreation when
 * an ISBN must be registered. total = sum + VAT (vatRate).
 */
export function processingCost(input: ProcessingInput, config: PriceConfig): ProcessingCost {
  const service = (name: string, description: string, cost: number): PricedService => ({
    name,
    description,
    cost: roundMoney(cost),
    discount: 0,
    discount_type: 0,
  });
  const services: PricedService[] = [];
  if (input.format === 'print') {
    services.push(service('Print processing', 'File preparation, proofing and platform listing', config.printSetupFee));
  } else if (input.format === 'ebook') {
    services.push(service('eBook processing', 'eBook upload fee and platform listing', config.ebook.uploadFee));
  } else {
    const recording = input.recordingNeeded ? config.recordingPerPage * (input.pages ?? 0) : 0;
    services.push(
      service(
        'Audiobook processing',
        input.recordingNeeded ? 'Production with voice-over recording' : 'Production and platform upload',
        config.audiobookSetupFee + recording,
      ),
    );
  }
  if (input.isbnRequired) services.push(service('ISBN creation', 'Registration of a new ISBN', config.isbnCreation));
  const exVat = roundMoney(services.reduce((sum, s) => sum + s.cost, 0));
  const vat = roundMoney(exVat * config.vatRate);
  return { services, exVat, vat, total: roundMoney(exVat + vat) };
}
