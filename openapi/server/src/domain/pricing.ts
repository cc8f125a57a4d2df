/**
 * Print costs and processing costs (pure). Every figure comes from the one price configuration
 * row (table `prices`, GET /user/pricinglist shows its public part); local amounts are ZAR,
 * international amounts USD, all excluding VAT unless a name says otherwise.
 *
 * Print cost per copy:
 *   local         = localBasePerBook + pages x paper.unitCost (ZAR/page) + cover.unitCost (ZAR/cover)
 *                   + duplexCoverPerBook (duplex) + softTouchLaminationPerCover (soft touch)
 *                   + spiralBindingPerBook (spiral) + spotUvPerCover (spot UV)
 *   international = internationalBasePerBook + pages x paper.unitCost (USD/page) + cover.unitCost (USD/cover)
 *                   + internationalDuplexPerBook (duplex) + perforationPerBook (perforation)
 *   eBook / audiobook: 0 (nothing is printed).
 *
 * Processing cost of one upload (the cart item, paid once for both regions):
 *   print     printSetupFee
 *   ebook     ebook.uploadFee + ebook.conversionFixed
 *   audiobook audiobookSetupFee + recordingPerPage x pages when a recording is needed
 *   plus isbnCreation when an ISBN must be registered; total = sum x (1 + vatRate).
 */

export type Format = 'print' | 'ebook' | 'audiobook';

export interface PriceConfig {
  ebook: { conversionFixed: number; uploadFee: number };
  fileRevision: number;
  isbnCreation: number;
  duplexCoverPerBook: number;
  softTouchLaminationPerCover: number;
  spiralBindingPerBook: number;
  spotUvPerCover: number;
  vatRate: number;
  localBasePerBook: number;
  internationalBasePerBook: number;
  internationalDuplexPerBook: number;
  perforationPerBook: number;
  printSetupFee: number;
  audiobookSetupFee: number;
  recordingPerPage: number;
  /** Share of the international price left after the wholesale margin (70%). */
  internationalWholesaleShare: number;
  /** eBook wholesale discount (50%). */
  ebookWholesaleDiscount: number;
  /** Author's share of eBook funds after the discount (70%). */
  ebookRoyaltyShare: number;
}

/** The configuration migration 003 stores; fills gaps of a stored row. */
export const DEFAULT_PRICE_CONFIG: PriceConfig = {
  ebook: { conversionFixed: 450, uploadFee: 299 },
  fileRevision: 250,
  isbnCreation: 250,
  duplexCoverPerBook: 2.5,
  softTouchLaminationPerCover: 3,
  spiralBindingPerBook: 12,
  spotUvPerCover: 4,
  vatRate: 0.15,
  localBasePerBook: 25,
  internationalBasePerBook: 2.5,
  internationalDuplexPerBook: 0.6,
  perforationPerBook: 0.05,
  printSetupFee: 1000,
  audiobookSetupFee: 1500,
  recordingPerPage: 15,
  internationalWholesaleShare: 0.7,
  ebookWholesaleDiscount: 0.5,
  ebookRoyaltyShare: 0.7,
};

/** A stored configuration (jsonb) completed with the defaults; non-numbers are ignored. */
export function toPriceConfig(stored: Record<string, unknown> | undefined): PriceConfig {
  const config: PriceConfig = { ...DEFAULT_PRICE_CONFIG, ebook: { ...DEFAULT_PRICE_CONFIG.ebook } };
  if (!stored) return config;
  const numbers = config as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'ebook' && typeof value === 'object' && value !== null) {
      const ebook = value as Record<string, unknown>;
      if (typeof ebook.conversionFixed === 'number') config.ebook.conversionFixed = ebook.conversionFixed;
      if (typeof ebook.uploadFee === 'number') config.ebook.uploadFee = ebook.uploadFee;
    } else if (key in numbers && typeof value === 'number' && Number.isFinite(value)) {
      numbers[key] = value;
    }
  }
  return config;
}

/** Rounds to cents, half away from zero (1.005 -> 1.01). */
export function roundMoney(amount: number): number {
  return Math.sign(amount) * Math.round((Math.abs(amount) + Number.EPSILON) * 100) / 100;
}

export interface LocalPrintInput {
  pages: number;
  /** ZAR per page of the chosen local paper type. */
  paperCostPerPage: number;
  /** ZAR per cover of the chosen local book (cover) type. */
  coverCost: number;
  duplex?: boolean;
  softTouch?: boolean;
  spiral?: boolean;
  spotUv?: boolean;
}

export function localPrintCost(input: LocalPrintInput, config: PriceConfig): number {
  let cost = config.localBasePerBook + input.pages * input.paperCostPerPage + input.coverCost;
  if (input.duplex) cost += config.duplexCoverPerBook;
  if (input.softTouch) cost += config.softTouchLaminationPerCover;
  if (input.spiral) cost += config.spiralBindingPerBook;
  if (input.spotUv) cost += config.spotUvPerCover;
  return roundMoney(cost);
}

export interface InternationalPrintInput {
  pages: number;
  /** USD per page of the chosen international paper type. */
  paperCostPerPage: number;
  /** USD per cover of the chosen international book type. */
  coverCost: number;
  duplex?: boolean;
  perforation?: boolean;
}

export function internationalPrintCost(input: InternationalPrintInput, config: PriceConfig): number {
  let cost = config.internationalBasePerBook + input.pages * input.paperCostPerPage + input.coverCost;
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

export interface ProcessingInput {
  format: Format;
  pages: number | null;
  isbnRequired: boolean;
  recordingNeeded?: boolean;
}

export interface ProcessingCost {
  /** The cart item's services; the first is the processing service the cart shows. */
  services: PricedService[];
  exVat: number;
  vat: number;
  /** ZAR incl. VAT: the `totalCost` of quotes and bulk rows. */
  total: number;
}

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
    services.push(
      service('eBook processing', 'Conversion to .epub and platform upload', config.ebook.uploadFee + config.ebook.conversionFixed),
    );
  } else {
    const recording = input.recordingNeeded ? config.recordingPerPage * (input.pages ?? 0) : 0;
    services.push(
      service('Audiobook processing', input.recordingNeeded ? 'Production with voice-over recording' : 'Production and platform upload', config.audiobookSetupFee + recording),
    );
  }
  if (input.isbnRequired) services.push(service('ISBN creation', 'Registration of a new ISBN', config.isbnCreation));
  const exVat = roundMoney(services.reduce((sum, s) => sum + s.cost, 0));
  const vat = roundMoney(exVat * config.vatRate);
  return { services, exVat, vat, total: roundMoney(exVat + vat) };
}
