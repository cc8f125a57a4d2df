import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppConfig } from '../config.js';
import { createAuthService } from './auth.js';
import { createBookSubmissionService, type BookSubmissionOptions } from './book-submission/index.js';
import { createBooksService } from './books.js';
import { createCheckoutService } from './checkout/index.js';
import { createOrdersService } from './orders.js';
import { createProfileService, profileRouteOptions } from './profile.js';
import { keepRawBody } from './raw-body.js';
import type { ServiceHandlers } from './types.js';
import { createUploadService, uploadRouteOptions } from './uploads.js';
import { contractRouteOptions, createWizardService } from './wizard/index.js';

/** Seams a service takes from buildApp (tests and later wiring replace them). */
export type ServiceOptions = BookSubmissionOptions;

/** Every implemented operation of portal.yaml, keyed by operationId (one file per spec area/tag). */
export function createServiceHandlers(
  app: FastifyInstance,
  config: AppConfig,
  options: ServiceOptions = {},
): ServiceHandlers {
  return {
    ...createAuthService(app, config),
    ...createProfileService(app, config),
    ...createBooksService(app),
    ...createOrdersService(app),
    ...createCheckoutService(app, config),
    ...createWizardService(app, config),
    ...createUploadService(app, config),
    ...createBookSubmissionService(app, config, options),
  };
}

/** Fastify route options some operations need beyond their handler, keyed by operationId. */
export const serviceRouteOptions: Record<string, Partial<RouteOptions>> = {
  ...profileRouteOptions,
  ...contractRouteOptions,
  // Upload pieces: raw bytes up to 1,024,000, hashed as they arrive (services/uploads.ts).
  ...uploadRouteOptions,
  // The ITN is stored exactly as received (services/checkout/payfast-notify.ts).
  payfastNotify: { preParsing: keepRawBody },
};
