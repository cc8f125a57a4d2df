import { fromCents, toCents } from '../money';
import type { Format, PriceConfig } from './config';

/**
 * Royalty per copy (pure), worked in whole cents so that the breakdown's lines add up to the
 * royalty exactly. P is the list (selling) price the author chose; local prices include VAT.
 *
 *   net                   = round(P / (1 + vatRate))            local; international prices carry no VAT
 *   print, local          = net - round(net x localPlatformShare) - print cost              (ZAR)
 *   print, international  = round(P x internationalWholesaleShare) - print cost             (USD)
 *   eBook / audiobook     = funds - round(funds x (1 - ebookRoyaltyShare)),
 *                           funds = net - round(net x ebookWholesaleDiscount)   (no print cost)
 *
 * With the default configuration: local print 80% of the price net of 15% VAT less printing;
 * international print 70% wholesale after costs; eBook 70% of what is left after a 50%
 * wholesale discount. The result may be negative (the price does not cover printing): callers
 * decide whether that is an error ('Estimated royals cannot be a negative amount.').
 */

/** Which region a royalty is for: local (ZAR) or international (USD). */
export type Region = 'local' | 'international';

/** One line of a royalty breakdown, in cents: the list price positive, every deduction negative. */
export interface BreakdownLine {
  /** A stable key for the line: listPrice, vat, channelShare, wholesaleDiscount, wholesaleShare, platformShare, printCost. */
  key: 'listPrice' | 'vat' | 'channelShare' | 'wholesaleDiscount' | 'wholesaleShare' | 'platformShare' | 'printCost';
  /** English label the widget can show. */
  label: string;
  cents: number;
}

/** A royalty and how it is reached; `royaltyCents` is the sum of `lines`. */
export interface RoyaltyBreakdown {
  region: Region;
  currency: 'ZAR' | 'USD';
  lines: BreakdownLine[];
  royaltyCents: number;
  /** The royalty in rand / dollars (2 decimals). */
  royalty: number;
}

/** Inputs of one region's royalty. */
export interface RoyaltyInput {
  format: Format;
  /** Selling price in the region's currency (local prices include VAT). */
  price: number;
  /** Print cost per copy in the same currency (ignored for digital formats). */
  printCost: number;
}

const share = (cents: number, rate: number) => Math.round(cents * rate);

/** The royalty of one region with its breakdown lines, from a price in cents. */
export function royaltyBreakdownCents(
  region: Region,
  format: Format,
  priceCents: number,
  printCostCents: number,
  config: PriceConfig,
): RoyaltyBreakdown {
  const lines: BreakdownLine[] = [{ key: 'listPrice', label: 'List price', cents: priceCents }];
  let net = priceCents;
  if (region === 'local') {
    net = Math.round(priceCents / (1 + config.vatRate));
    lines.push({ key: 'vat', label: `VAT (${Math.round(config.vatRate * 100)}%)`, cents: net - priceCents });
  }
  if (format === 'print') {
    if (region === 'local') {
      const platform = share(net, config.localPlatformShare);
      lines.push({
        key: 'platformShare',
        label: `Platform share (${pct(config.localPlatformShare)})`,
        cents: -platform,
      });
    } else {
      const kept = share(net, config.internationalWholesaleShare);
      lines.push({
        key: 'wholesaleShare',
        label: `Wholesale share (${pct(1 - config.internationalWholesaleShare)})`,
        cents: kept - net,
      });
    }
    lines.push({ key: 'printCost', label: 'Print cost', cents: -printCostCents });
  } else {
    const discount = share(net, config.ebookWholesaleDiscount);
    lines.push({
      key: 'wholesaleDiscount',
      label: `Wholesale discount (${pct(config.ebookWholesaleDiscount)})`,
      cents: -discount,
    });
    const funds = net - discount;
    const channel = funds - share(funds, config.ebookRoyaltyShare);
    lines.push({ key: 'channelShare', label: `Channel share (${pct(1 - config.ebookRoyaltyShare)})`, cents: -channel });
  }
  const royaltyCents = lines.reduce((sum, line) => sum + line.cents, 0);
  return {
    region,
    currency: region === 'local' ? 'ZAR' : 'USD',
    lines,
    royaltyCents,
    royalty: fromCents(royaltyCents),
  };
}

function pct(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** The breakdown of one region from decimal amounts (as forms and JSON carry them). */
export function royaltyBreakdown(region: Region, input: RoyaltyInput, config: PriceConfig): RoyaltyBreakdown {
  return royaltyBreakdownCents(region, input.format, toCents(input.price), toCents(input.printCost), config);
}

/** Local royalty per copy in ZAR (2 decimals). */
export function localRoyalty(input: RoyaltyInput, config: PriceConfig): number {
  return royaltyBreakdown('local', input, config).royalty;
}

/** International royalty per copy in USD (2 decimals). */
export function internationalRoyalty(input: RoyaltyInput, config: PriceConfig): number {
  return royaltyBreakdown('international', input, config).royalty;
}

/** The largest price the wizard accepts: 8 digits and 2 decimals. */
export const MAX_PRICE_CENTS = 99_999_999_99;

/**
 * Whether a royalty lets the wizard go on: 0 or more, and for an eBook more than 0 (the spec
 * blocks page 2 on an eBook royalty of 0).
 */
export function isAcceptedRoyaltyCents(format: Format, royaltyCents: number): boolean {
  return format === 'ebook' ? royaltyCents > 0 : royaltyCents >= 0;
}

/**
 * The lowest list price in cents (at least 1: a price of 0 is refused) whose royalty the wizard
 * accepts ('Use minimum price': 0 or more, more than 0 for an eBook), or null when no accepted
 * price reaches it. The royalty never falls as the price rises (each rounding step moves by at
 * most the cent it follows), so a binary search over cents finds the exact cent.
 */
export function minimumPriceCents(
  region: Region,
  format: Format,
  printCostCents: number,
  config: PriceConfig,
): number | null {
  const acceptedAt = (cents: number) =>
    isAcceptedRoyaltyCents(format, royaltyBreakdownCents(region, format, cents, printCostCents, config).royaltyCents);
  if (!acceptedAt(MAX_PRICE_CENTS)) return null;
  let low = 1;
  let high = MAX_PRICE_CENTS;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (acceptedAt(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** `minimumPriceCents` in rand / dollars, from a decimal print cost. */
export function minimumPrice(region: Region, format: Format, printCost: number, config: PriceConfig): number | null {
  const cents = minimumPriceCents(region, format, toCents(printCost), config);
  return cents === null ? null : fromCents(cents);
}
