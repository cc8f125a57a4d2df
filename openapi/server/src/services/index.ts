import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppConfig } from '../config.js';
import { createAuthService } from './auth.js';
import { createBookSubmissionService, type BookSubmissionOptions } from './book-submission/index.js';
import { createCoverTemplateService } from './cover-template.js';
import { createBooksService } from './books.js';
import { chatRouteOptions, createChatService } from './chat.js';
import { createCheckoutService } from './checkout/index.js';
import { fileRouteOptions } from './files.js';
import { createOrdersService } from './orders.js';
import { createPreflightService } from './preflight.js';
import { createProfileService, profileRouteOptions } from './profile.js';
import { createPushService } from './push.js';
import { createReportsService } from './reports/index.js';
import { createProfileChangesService } from './profile-changes.js';
import { createLegalDocumentsService, legalRouteOptions } from './legal-documents.js';
import { createMonitoringService } from './monitoring.js';
import { keepRawBody } from './raw-body.js';
import { createRenewalService, renewalRouteOptions } from './renewals.js';
import { createTwoFactorService } from './two-factor.js';
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
  // PDF work (preflight, print proof) runs in the app's worker threads (app.pdfWork).
  const preflight = createPreflightService(app, app.pdfWork);
  return {
    ...createAuthService(app, config),
    ...createProfileService(app, config),
    ...createProfileChangesService(app, config),
    ...createTwoFactorService(app, config),
    ...createBooksService(app),
    ...createRenewalService(app, config),
    ...createOrdersService(app),
    ...createReportsService(app),
    ...createCheckoutService(app, config),
    ...createWizardService(app, config),
    ...createUploadService(app, config),
    ...preflight.handlers,
    ...createCoverTemplateService(app, app.pdfWork).handlers,
    // A print PDF with a blocking preflight problem is refused (409 PREFLIGHT); tests may replace the check.
    ...createBookSubmissionService(app, config, {
      preflightBlockers: (userId, pair, bookFilename) =>
        preflight.preflightBlockers(
          userId,
          { local_bookId: pair.local, international_bookId: pair.international },
          bookFilename,
        ),
      ...options,
    }),
    ...createChatService(app, config),
    ...createLegalDocumentsService(),
    ...createPushService(app),
    ...createMonitoringService(app, config),
  };
}

/** Fastify route options some operations need beyond their handler, keyed by operationId. */
export const serviceRouteOptions: Record<string, Partial<RouteOptions>> = {
  ...profileRouteOptions,
  ...contractRouteOptions,
  // Signature and initials (re-signing), an image (chat): data URLs above the 1 MiB default.
  ...renewalRouteOptions,
  ...chatRouteOptions,
  // Legal documents: an unknown name is a 404; public, cacheable answers.
  ...legalRouteOptions,
  // Upload pieces: raw bytes up to 1,024,000, hashed as they arrive (services/uploads.ts).
  ...uploadRouteOptions,
  // File links: a malformed token is a 404 like any unknown link; the file's own Cache-Control.
  ...fileRouteOptions,
  // The ITN is stored exactly as received (services/checkout/payfast-notify.ts).
  payfastNotify: { preParsing: keepRawBody },
};
