import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import { generateVapidKeys, type VapidKeys } from '../domain/web-push.js';
import { createAppSettingRepository } from '../plugins/app/app-setting-repository.js';
import { createPushSubscriptionRepository } from '../plugins/app/push-subscription-repository.js';
import type { Database } from '../plugins/external/db-schema.js';
import { createPushDelivery, fetchPushTransport, type PushDelivery, type PushTransport } from './delivery.js';
import type { PushSettings } from './settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push, or null when it is off (production without POD_VAPID_* keys). */
    webPush: WebPush | null;
  }
}

/** Web push as the API and the admin console use it. */
export interface WebPush extends PushDelivery {
  /** The VAPID public key browsers subscribe with (GET /push/publickey). */
  publicKey(): Promise<string>;
  /** POD_PUSH_ALLOW_LOCAL_ENDPOINTS: http and local endpoints are accepted too. */
  allowLocalEndpoints: boolean;
}

/** app_settings key of the development key pair. */
export const GENERATED_VAPID_KEYS_SETTING = 'vapid_keys';

export interface WebPushOptions {
  db: Kysely<Database>;
  settings: PushSettings;
  production: boolean;
  now: () => Date;
  transport?: PushTransport;
  log?: { warn(details: object, message: string): void };
}

/**
 * The configured pair; else, outside production, a pair generated once and kept in the database's
 * app_settings (the folder of a PGlite database), like the generated JWT secret, so restarts and
 * every instance on the database keep the key browsers subscribed with; else none: push is off,
 * since a production server must not sign with a key stored in the database it serves.
 */
function vapidKeysFor({ db, settings, production }: WebPushOptions): (() => Promise<VapidKeys>) | undefined {
  if (settings.vapid) {
    const configured = settings.vapid;
    return async () => configured;
  }
  if (production) return undefined;
  // Read on first use, not at start: an app may be built on a database not migrated yet (/readyz).
  let generated: Promise<VapidKeys> | undefined;
  return () => {
    generated ??= createAppSettingRepository(db)
      .getOrCreate(GENERATED_VAPID_KEYS_SETTING, () => JSON.stringify(generateVapidKeys()))
      .then((stored) => JSON.parse(stored) as VapidKeys);
    generated.catch(() => {
      generated = undefined;
    });
    return generated;
  };
}

/** Web push for a database and settings (the server's, or the console's own when it runs on the database); null when off. */
export function createWebPush(options: WebPushOptions): WebPush | null {
  const keys = vapidKeysFor(options);
  if (!keys) return null;
  const delivery = createPushDelivery({
    repository: createPushSubscriptionRepository(options.db),
    keys,
    subject: options.settings.subject,
    transport: options.transport ?? fetchPushTransport,
    timeoutMs: options.settings.timeoutMs,
    now: options.now,
    ...(options.log && { log: options.log }),
  });
  return {
    ...delivery,
    publicKey: async () => (await keys()).publicKey,
    allowLocalEndpoints: options.settings.allowLocalEndpoints,
  };
}

/** `app.webPush`: from config.push; `transport` replaces fetch (tests). */
export default fp<{ transport?: PushTransport }>(
  async (app, { transport }) => {
    app.decorate(
      'webPush',
      createWebPush({
        db: app.db,
        settings: app.config.push,
        production: app.config.production,
        now: () => app.config.now(),
        log: app.log.child({ component: 'push' }),
        ...(transport && { transport }),
      }),
    );
  },
  { name: 'web-push', dependencies: ['db'] },
);
