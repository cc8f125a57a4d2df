import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { Kysely } from 'kysely';
import adminChannel from './admin/channel-server.js';
import { API_PREFIX } from './api-prefix.js';
import { loadConfig, type AppConfig } from './config.js';
import { productionRefusals, ProductionRefusedError } from './config-safety.js';
import idempotency from './idempotency.js';
import { listOperations, loadSpecification, withNotImplemented } from './openapi.js';
import { parseRawBytes } from './raw-bytes.js';
import { REQUEST_ID_HEADER, requestIdFor } from './observability/request-id.js';
import { defaultSpecPath } from './paths.js';
import accountSecurityRepository from './plugins/app/account-security-repository.js';
import attemptRepository from './plugins/app/attempt-repository.js';
import bookRepository from './plugins/app/book-repository.js';
import cartRepository from './plugins/app/cart-repository.js';
import chatRepository from './plugins/app/chat-repository.js';
import contractRepository from './plugins/app/contract-repository.js';
import couponRepository from './plugins/app/coupon-repository.js';
import idempotencyRepository from './plugins/app/idempotency-repository.js';
import emailOutboxRepository, { createEmailOutboxRepository } from './plugins/app/email-outbox-repository.js';
import { createAppSettingRepository } from './plugins/app/app-setting-repository.js';
import orderRepository from './plugins/app/order-repository.js';
import reportRepository from './plugins/app/report-repository.js';
import paymentRepository from './plugins/app/payment-repository.js';
import pushSubscriptionRepository from './plugins/app/push-subscription-repository.js';
import remoteEventRepository from './plugins/app/remote-event-repository.js';
import referenceDataRepository from './plugins/app/reference-data-repository.js';
import refreshTokenRepository from './plugins/app/refresh-token-repository.js';
import unitOfWork from './plugins/app/unit-of-work.js';
import uploadRepository from './plugins/app/upload-repository.js';
import userRepository from './plugins/app/user-repository.js';
import verificationTokenRepository from './plugins/app/verification-token-repository.js';
import apiDocs from './plugins/external/api-docs.js';
import authPlugin, { createSecurityHandlers } from './plugins/external/auth.js';
import compression from './plugins/external/compression.js';
import contentTypes from './plugins/external/content-types.js';
import dbPlugin, { pgliteDirectory, type DatabaseOptions } from './plugins/external/db.js';
import health from './plugins/external/health.js';
import devMailbox from './plugins/external/dev-mailbox.js';
import type { Database } from './plugins/external/db-schema.js';
import background from './plugins/external/background.js';
import mailPlugin, { type Mailer } from './plugins/external/mail.js';
import paymentsPlugin from './plugins/external/payments.js';
import { loadPaymentSettings } from './payments/index.js';
import webPush from './push/index.js';
import type { PushTransport } from './push/delivery.js';
import type { ProviderHttp } from './payments/types.js';
import problems from './plugins/external/problems.js';
import securityHeaders from './plugins/external/security-headers.js';
import staticSite, { createRemoteOriginsReader } from './plugins/external/static-site.js';
import jobsPlugin from './jobs/index.js';
import canaryGuard from './jobs/canary-guard.js';
import jobRepository from './plugins/app/job-repository.js';
import paymentNotificationRepository from './plugins/app/payment-notification-repository.js';
import type { PreflightBlockers } from './services/book-submission/index.js';
import { createServiceHandlers, serviceRouteOptions } from './services/index.js';
import { createPdfWork } from './services/pdf-work.js';
import type { FileStore } from './storage/file-store.js';
import { createFileStore } from './storage/index.js';
import { serverTimeoutOptions } from './timeouts.js';

export { API_PREFIX };

export interface BuildAppOptions {
  /** portal.yaml (default: ../portal.yaml next to this package). */
  specPath?: string;
  /** Where to open the database (PostgreSQL URL or PGlite dataDir); defaults from the environment. */
  database?: DatabaseOptions;
  /** An already open and migrated database, owned by the caller. */
  db?: Kysely<Database>;
  /** Overrides of the environment-derived configuration (secrets, lifetimes, clock). */
  config?: Partial<AppConfig>;
  /** Replaces SMTP / the dev outbox. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Also serve the built front end from this folder (server.ts does; tests may). */
  staticRoot?: string;
  /** How payment gateways reach providers (default fetch; 'inject' routes through app.inject for tests). */
  providerHttp?: ProviderHttp | 'inject';
  /** Take the client address from X-Forwarded-For (behind a reverse proxy); default env TRUST_PROXY=1. */
  trustProxy?: boolean;
  /** Where uploaded files go (default: the store config.uploads.store names, FILE_STORE); the caller closes it. */
  fileStore?: FileStore;
  /** How web pushes reach push services (default fetch with POD_PUSH_TIMEOUT_MS); tests replace it. */
  pushTransport?: PushTransport;
  /** Blocking preflight problems of a print PDF, checked by POST /user/uploadbook (default: none). */
  preflightBlockers?: PreflightBlockers;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Uploaded files (storage/file-store.ts). */
    fileStore: FileStore;
  }
}

/** Builds the whole API without listening; tests drive it through app.inject. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: AppConfig = { ...loadConfig(), ...options.config };
  // Provider URLs default from the public URL: follow an overridden one.
  if (options.config?.publicUrl && !options.config.payments) {
    config.payments = loadPaymentSettings(process.env, config.publicUrl);
  }
  // Before anything is opened: a production server on demo settings must not start at all.
  const refusals = productionRefusals(config, process.env);
  if (refusals.length > 0) throw new ProductionRefusedError(refusals);
  const specPath = options.specPath ?? defaultSpecPath;
  const specification = await loadSpecification(specPath);

  const app = Fastify({
    logger: options.logger ?? false,
    // x-request-id: a caller's plain id is kept (to follow one request across proxy and logs),
    // anything else replaced; every answer carries it back (hook below).
    genReqId: requestIdFor,
    // The client address keys the rate limits; behind a proxy it must come from X-Forwarded-For.
    trustProxy: options.trustProxy ?? config.trustProxy,
    // OpenAPI documents carry annotation keywords (example, discriminator...) that strict AJV rejects.
    // removeAdditional false: a property portal.yaml does not allow is a 400, never silently
    // dropped (a bulk CSV row with an extra column must be refused, not half-accepted).
    ajv: { customOptions: { strict: false, removeAdditional: false } },
    // Creating an embedded database on a busy 2-core machine can outlast Fastify's 10 s default.
    pluginTimeout: 120_000,
    // The loaders call '/user/getuserbooks/' with a trailing slash; portal.yaml defines it once.
    // maxParamLength: portal.yaml allows path parameters up to 512 characters (link tokens, e-mail
    // addresses); with the router's default of 100 a longer one would be a 404 before validation.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // A client that trickles its request is cut (408); idle sockets close; bodies are bounded.
    ...serverTimeoutOptions(config.timeouts),
  });
  app.decorate('config', config);
  const fileStore = options.fileStore ?? (await createFileStore(config.uploads.store, config.uploads.dir));
  app.decorate('fileStore', fileStore);
  // A store built here is closed with the app (the S3 client's connections).
  if (!options.fileStore && fileStore.close) app.addHook('onClose', () => fileStore.close!());
  // PDF work (preflight, print proof) runs in worker threads; the running ones end with the app.
  app.decorate('pdfWork', createPdfWork());
  app.addHook('onClose', () => app.pdfWork.close());
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  try {
    // Error shape first, so even plugin-level failures answer as Problems.
    await app.register(problems);
    // Before any route, so its onSend hook reaches every answer.
    await app.register(securityHeaders, {
      apiPrefix: API_PREFIX,
      payments: config.payments,
      ...(options.staticRoot && {
        remoteOrigins: createRemoteOriginsReader({
          root: options.staticRoot,
          environment: config.portalEnv,
          now: () => config.now(),
        }),
      }),
    });

    // Body types of portal.yaml beyond JSON: the payment provider's form-encoded notification and
    // raw upload chunks. Parsers are app-wide (the payment sandboxes post forms too), so the
    // content-types guard decides per operation which of them may run: only the declared ones.
    // Raw bytes stay in the parts they arrived in (raw-bytes.ts): a piece is never joined up.
    await app.register(formbody);
    app.addContentTypeParser('application/octet-stream', parseRawBytes);
    const operations = listOperations(specification);
    await app.register(contentTypes, { operations });

    // External: infrastructure.
    await app.register(background);
    const database = options.database ?? config.database;
    await app.register(dbPlugin, {
      database,
      ...(options.db && { db: options.db }),
      timeouts: config.timeouts,
    });
    await app.register(health, { readinessTimeoutMs: config.timeouts.readinessTimeoutMs });
    await app.register(mailPlugin, {
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      // No SMTP server in development: the mail stays where the dev mailbox can show it.
      outbox: createEmailOutboxRepository(app.db),
      ...(options.mailer && { mailer: options.mailer }),
    });
    await app.register(authPlugin, { config, settings: createAppSettingRepository(app.db) });
    await app.register(paymentsPlugin, {
      settings: config.payments,
      ...(options.providerHttp && { http: options.providerHttp }),
    });

    // App: repositories, the only code that touches the database.
    await app.register(userRepository);
    await app.register(refreshTokenRepository);
    await app.register(verificationTokenRepository);
    await app.register(emailOutboxRepository);
    await app.register(bookRepository);
    await app.register(orderRepository);
    await app.register(reportRepository);
    await app.register(couponRepository);
    await app.register(cartRepository);
    await app.register(contractRepository);
    await app.register(paymentRepository);
    await app.register(referenceDataRepository);
    await app.register(jobRepository);
    await app.register(paymentNotificationRepository);
    await app.register(attemptRepository);
    await app.register(uploadRepository);
    await app.register(chatRepository);
    await app.register(accountSecurityRepository);
    await app.register(idempotencyRepository);
    await app.register(pushSubscriptionRepository);
    await app.register(remoteEventRepository);
    await app.register(unitOfWork);
    // Background work; services define their job types below.
    await app.register(jobsPlugin, { settings: config.jobs });
    // Rolls back a failing canary in the static root served (nothing to guard without one).
    await app.register(canaryGuard, {
      staticRoot: options.staticRoot,
      environment: config.portalEnv,
      settings: config.canaryGuard,
    });
    // Idempotency-Key of the mutating operations: hooks added to their routes as the glue makes them.
    await app.register(idempotency, { operations });
    // After idempotency (which keeps answers uncompressed), before every route (compression.ts).
    await app.register(compression);
    // Web push (VAPID keys, delivery); null when off. Before the admin channel, whose `push test` sends.
    await app.register(webPush, { ...(options.pushTransport && { transport: options.pushTransport }) });
    // The admin console's way in while this process holds a PGlite folder (one process per folder).
    await app.register(adminChannel, { dataDir: options.db ? null : pgliteDirectory(database) });

    // Development only, and only when mail lands in the outbox (no SMTP_URL, no custom mailer).
    if (!config.production && app.mailer.kind === 'outbox') {
      await app.register(devMailbox, { access: config.devMailbox });
    }

    // Routes and request validation come from portal.yaml; unimplemented operations answer 501.
    const handlers = withNotImplemented(
      createServiceHandlers(app, config, {
        ...(options.preflightBlockers && { preflightBlockers: options.preflightBlockers }),
      }),
      operations,
    );
    await app.register(openapiGlue, {
      specification,
      // A resolver rather than `serviceHandlers`, so an operation can carry route options too.
      operationResolver: (operationId: string) => {
        const handler = handlers[operationId];
        const extra = serviceRouteOptions[operationId];
        // The glue fills method, url and schema from portal.yaml; only the handler side is ours.
        return extra && handler ? ({ ...extra, handler } as RouteOptions) : handler!;
      },
      securityHandlers: createSecurityHandlers(app.tokens),
      prefix: API_PREFIX,
    });

    // The reference of the same file the glue routes from; outside /api/v1, so the portal's policy applies.
    if (config.apiDocs) await app.register(apiDocs, { specPath });

    if (options.staticRoot) await app.register(staticSite, { root: options.staticRoot });
  } catch (err) {
    await app.close();
    throw err;
  }

  return app;
}
