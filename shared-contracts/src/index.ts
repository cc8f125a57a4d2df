/**
 * @pod/shared-contracts: the one module the host and every remote share as a federation
 * singleton. Import it by name only: `import { client, useCurrentUser } from '@pod/shared-contracts'`.
 */
import pkg from '../package.json';

/** This build's version; the host compares majors before mounting a remote. */
export const SHARED_CONTRACTS_VERSION: string = pkg.version;

// A diagnostic the e2e journey reads: more than one instance means the singleton broke.
const registry = globalThis as { __POD_SHARED_CONTRACTS__?: { version: string; instances: number } };
registry.__POD_SHARED_CONTRACTS__ = {
  version: SHARED_CONTRACTS_VERSION,
  instances: (registry.__POD_SHARED_CONTRACTS__?.instances ?? 0) + 1,
};

export * from './api';
export * from './session';
// New session files, exported here so that src/session/index.ts keeps its export list.
export { ACTIVE_TAB_STORAGE_KEYS } from './session/active-tab';
export { onBeforeLogout, LOGOUT_TASK_TIMEOUT_MS } from './session/logout-tasks';
export * from './data';
export * from './query';
export * from './alerts';
export * from './routes';
export * from './contracts';
export * from './format';
export * from './checkout';
export * from './constants';
export * from './validation';
export * from './ui';
// The router: the parts of react-router-dom the apps use (see router.ts). It is part of this
// singleton rather than react-router-dom shared whole, which kept all of its code.
export * from './router';

/**
 * The pricing engine's browser surface: the wizard's royalty widget runs `estimateRoyalties`
 * on every keystroke with `toPriceConfig(prices)` from GET /user/pricinglist and the unit
 * costs of GET /user/quoteinfo. Front ends import the root name only, so the few names they
 * need are re-exported here; the server keeps the '@pod/shared-contracts/pricing' subpath.
 */
export {
  PAGE_LIMIT_MESSAGE,
  PAGE_LIMIT_STATUS,
  estimateRoyalties,
  toPriceConfig,
  type BreakdownLine,
  type Estimate,
  type EstimateInput,
  type Format as BookFormat,
  type PriceConfig,
  type PricedOption,
  type Region as RoyaltyRegion,
  type RegionChoice,
  type RegionEstimate,
} from './pricing';
