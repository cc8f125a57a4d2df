import { fromCents, toCents } from '../money';
import type { Format, PriceConfig } from './config';
import { internationalPrintCost, localPrintCost } from './print-cost';
import { minimumPriceCents, royaltyBreakdownCents, type RoyaltyBreakdown } from './royalty';

/**
 * The whole estimate of the wizard's royalty widget and of PUT /user/realtimeroyalty: print cost,
 * royalty, breakdown and minimum price per chosen region, or B12 when the page count exceeds the
 * chosen paper or cover type's maxPage. The browser runs it on every keystroke; the server runs it
 * again from its own reference data and never takes the browser's figures.
 */

/** The wizard's answer when the pages exceed the paper type (spec: statusCode B12). */
export const PAGE_LIMIT_STATUS = 'B12';
/** The description of a B12 answer (the book-details message for the same rule). */
export const PAGE_LIMIT_MESSAGE = 'The amount of pages exceed the paper type.';

/** A paper or cover type as the engine needs it: its cost and page limit. */
export interface PricedOption {
  /** Per page (paper) or per cover (cover type), in the region's currency, excl. VAT. */
  unitCost: number;
  maxPage: number | null;
}

/** One chosen region of an estimate. Print options are ignored for eBooks and audiobooks. */
export interface RegionChoice {
  price: number;
  paper?: PricedOption | null;
  cover?: PricedOption | null;
  duplex?: boolean;
  /** Local only. */
  softTouch?: boolean;
  /** Local only. */
  spiral?: boolean;
  /** Local only. */
  spotUv?: boolean;
  /** International only. */
  perforation?: boolean;
}

/** Inputs of an estimate. */
export interface EstimateInput {
  format: Format;
  pages: number | null;
  heightMm?: number | null;
  widthMm?: number | null;
  local?: RegionChoice | null;
  international?: RegionChoice | null;
}

/** One region's estimate. */
export interface RegionEstimate extends RoyaltyBreakdown {
  printCost: number;
  /** Lowest list price with a royalty of 0 or more, null when no accepted price reaches it. */
  minimumPrice: number | null;
}

/** An estimate: statusCode 0 with the regions, or B12 with no figures. */
export type Estimate =
  | { statusCode: 0; local: RegionEstimate | null; international: RegionEstimate | null }
  | { statusCode: typeof PAGE_LIMIT_STATUS; description: string; local: null; international: null };

/** True when a page count exceeds any of the options' maxPage. */
export function exceedsPageLimit(pages: number | null, ...options: Array<PricedOption | null | undefined>): boolean {
  return options.some((o) => pages !== null && o != null && o.maxPage !== null && pages > o.maxPage);
}

/** Computes the estimate (see the module comment). */
export function estimateRoyalties(input: EstimateInput, config: PriceConfig): Estimate {
  const print = input.format === 'print';
  const pages = input.pages ?? 0;
  const chosen = [input.local, input.international].filter((r): r is RegionChoice => r != null);
  if (print && chosen.some((r) => exceedsPageLimit(input.pages, r.paper, r.cover))) {
    return { statusCode: PAGE_LIMIT_STATUS, description: PAGE_LIMIT_MESSAGE, local: null, international: null };
  }
  const size = { heightMm: input.heightMm, widthMm: input.widthMm };
  const region = (which: 'local' | 'international', choice: RegionChoice): RegionEstimate => {
    let printCost = 0;
    if (print) {
      const base = {
        pages,
        paperCostPerPage: choice.paper?.unitCost ?? 0,
        coverCost: choice.cover?.unitCost ?? 0,
        ...size,
      };
      printCost =
        which === 'local'
          ? localPrintCost(
              {
                ...base,
                duplex: choice.duplex,
                softTouch: choice.softTouch,
                spiral: choice.spiral,
                spotUv: choice.spotUv,
              },
              config,
            )
          : internationalPrintCost({ ...base, duplex: choice.duplex, perforation: choice.perforation }, config);
    }
    const costCents = toCents(printCost);
    const breakdown = royaltyBreakdownCents(which, input.format, toCents(choice.price), costCents, config);
    const minimum = minimumPriceCents(which, input.format, costCents, config);
    return { ...breakdown, printCost, minimumPrice: minimum === null ? null : fromCents(minimum) };
  };
  return {
    statusCode: 0,
    local: input.local ? region('local', input.local) : null,
    international: input.international ? region('international', input.international) : null,
  };
}
