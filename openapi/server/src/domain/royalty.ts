import { roundMoney, type Format, type PriceConfig } from './pricing.js';

/**
 * Royalty per copy (pure), from the specification's section 9 of the wizard:
 *
 *   print, local          local_price / (1 + VAT) - local print cost                 (ZAR)
 *   print, international  international_price x 70% - international print cost       (USD)
 *   eBook / audiobook     price (ex VAT when local) x (1 - 50% discount) x 70%       (no print cost)
 *
 * The result may be negative (the price does not cover printing): callers decide whether that
 * is an error ('Estimated royals cannot be a negative amount.').
 */

export interface RoyaltyInput {
  format: Format;
  /** Selling price in the region's currency (local prices include VAT). */
  price: number;
  /** Print cost per copy in the same currency (0 for digital formats). */
  printCost: number;
}

function digitalRoyalty(netPrice: number, config: PriceConfig): number {
  return netPrice * (1 - config.ebookWholesaleDiscount) * config.ebookRoyaltyShare;
}

export function localRoyalty(input: RoyaltyInput, config: PriceConfig): number {
  const exVat = input.price / (1 + config.vatRate);
  if (input.format !== 'print') return roundMoney(digitalRoyalty(exVat, config));
  return roundMoney(exVat - input.printCost);
}

export function internationalRoyalty(input: RoyaltyInput, config: PriceConfig): number {
  if (input.format !== 'print') return roundMoney(digitalRoyalty(input.price, config));
  return roundMoney(input.price * config.internationalWholesaleShare - input.printCost);
}
