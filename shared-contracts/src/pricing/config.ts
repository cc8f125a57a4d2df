/**
 * The price configuration every figure of the pricing engine comes from: one row of the server's
 * `prices` table (GET /user/pricinglist shows it). Local amounts are ZAR, international amounts
 * USD, all excluding VAT unless a name says otherwise.
 */

/** What is being published. eBooks and audiobooks print nothing. */
export type Format = 'print' | 'ebook' | 'audiobook';

/** The price configuration (see the server README, "Pricing and royalties", for each figure's use). */
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
  /** The platform's share of a local print sale's price net of VAT (20%). */
  localPlatformShare: number;
  /** Share of the international price left after the wholesale margin (70%). */
  internationalWholesaleShare: number;
  /** eBook wholesale discount (50%). */
  ebookWholesaleDiscount: number;
  /** Author's share of eBook funds after the discount (70%). */
  ebookRoyaltyShare: number;
}

/** The configuration the server's migrations store; fills gaps of a stored row. */
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
  localPlatformShare: 0.2,
  internationalWholesaleShare: 0.7,
  ebookWholesaleDiscount: 0.5,
  ebookRoyaltyShare: 0.7,
};

/**
 * A stored configuration (jsonb, or GET /user/pricinglist's Prices) completed with the defaults;
 * values that are not finite numbers are ignored, so any object may be passed as it came.
 */
export function toPriceConfig(stored: object | null | undefined): PriceConfig {
  const config: PriceConfig = { ...DEFAULT_PRICE_CONFIG, ebook: { ...DEFAULT_PRICE_CONFIG.ebook } };
  if (!stored) return config;
  const numbers = config as unknown as Record<string, unknown>;
  const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'ebook' && typeof value === 'object' && value !== null) {
      const ebook = value as Record<string, unknown>;
      if (finite(ebook.conversionFixed)) config.ebook.conversionFixed = ebook.conversionFixed;
      if (finite(ebook.uploadFee)) config.ebook.uploadFee = ebook.uploadFee;
    } else if (key !== 'ebook' && key in numbers && finite(value)) {
      numbers[key] = value;
    }
  }
  return config;
}
