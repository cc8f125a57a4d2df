import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { ServiceHandlers } from '../types.js';
import { createBulkService } from './bulk.js';
import { createContractService } from './contracts.js';
import { createWizardLoaders } from './loaders.js';
import { createBookPricing } from './pricing.js';
import { createQuoteService } from './quote.js';

export { DUPLICATE_UPLOAD_MESSAGE } from './bulk.js';
export { ISBN_IN_USE_MESSAGE } from './quote.js';
export { toPricesView } from './loaders.js';
export { contractRouteOptions } from './contracts.js';

/**
 * The wizard's operations: the shared loaders, the live royalty estimate, the quote, the ISBN
 * check and bulk rows. Every figure comes from the one engine in @pod/shared-contracts/pricing,
 * fed with the server's own reference data (pricing.ts).
 */
export function createWizardService(app: FastifyInstance, config: AppConfig) {
  const pricing = createBookPricing(app.referenceDataRepository);
  return {
    ...createWizardLoaders(app, pricing),
    ...createQuoteService(app, config, pricing),
    ...createBulkService(app, config, pricing),
    ...createContractService(app, config),
  } satisfies ServiceHandlers;
}
