/**
 * The pricing and royalty engine (pure), shared by the wizard's royalty widget and the API
 * server, which computes every figure again for PUT /user/realtimeroyalty, POST /user/getquote and
 * bulk rows. Formulas and constants: config.ts, print-cost.ts, royalty.ts and the server README.
 */
export { DEFAULT_PRICE_CONFIG, toPriceConfig, type Format, type PriceConfig } from './config';
export {
  BASE_PAGE_AREA_MM2,
  internationalPrintCost,
  localPrintCost,
  processingCost,
  sizeFactor,
  type InternationalPrintInput,
  type LocalPrintInput,
  type PricedService,
  type ProcessingCost,
  type ProcessingInput,
} from './print-cost';
export {
  MAX_PRICE_CENTS,
  internationalRoyalty,
  localRoyalty,
  minimumPrice,
  minimumPriceCents,
  isAcceptedRoyaltyCents,
  royaltyBreakdown,
  royaltyBreakdownCents,
  type BreakdownLine,
  type Region,
  type RoyaltyBreakdown,
  type RoyaltyInput,
} from './royalty';
export {
  PAGE_LIMIT_MESSAGE,
  PAGE_LIMIT_STATUS,
  estimateRoyalties,
  exceedsPageLimit,
  type Estimate,
  type EstimateInput,
  type PricedOption,
  type RegionChoice,
  type RegionEstimate,
} from './estimate';
