import type { PushSubscriptionRow } from '../plugins/external/db-schema.js';
import type { PushSubscriptionRepository } from '../plugins/app/push-subscription-repository.js';
import { encryptPushMessage, vapidAuthorization, type VapidKeys } from '../domain/web-push.js';

/** One POST to a push service, as the adapter sends it. */
export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  timeoutMs: number;
}

/** How pushes leave the server (fetch by default; tests pass their own). Answers the status, throws on a network failure. */
export type PushTransport = (request: PushRequest) => Promise<{ status: number }>;

/**
 * fetch with a timeout, not following redirects: a push service answers 201, and a redirect
 * would be a way to steer the server's POST somewhere the endpoint check never saw.
 */
export const fetchPushTransport: PushTransport = async ({ url, headers, body, timeoutMs }) => {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  return { status: response.status };
};

/** The notification the service worker shows (its `push` handler reads this JSON). */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification leads (a path of the portal). */
  url?: string;
}

/** What one send to a user's subscriptions achieved. */
export interface DeliveryReport {
  total: number;
  sent: number;
  /** Subscriptions the push service called gone (404, 410): deleted. */
  removed: number;
  failed: number;
}

export interface PushDeliveryOptions {
  repository: PushSubscriptionRepository;
  /** The VAPID pair, read when the first push is sent (a development pair lives in the database). */
  keys: () => Promise<VapidKeys>;
  subject: string;
  transport: PushTransport;
  timeoutMs: number;
  now: () => Date;
  log?: { warn(details: object, message: string): void };
}

/** A day: a notification for a browser that is off now still matters when it comes back today. */
const TTL_SECONDS = 24 * 60 * 60;

export function createPushDelivery(options: PushDeliveryOptions) {
  const { repository, keys, subject, transport, timeoutMs, now, log } = options;

  /** 'sent', 'gone' (deleted) or 'failed' for one subscription. */
  async function deliver(subscription: PushSubscriptionRow, plaintext: Buffer): Promise<'sent' | 'gone' | 'failed'> {
    const origin = new URL(subscription.endpoint).origin;
    try {
      const body = encryptPushMessage({ p256dh: subscription.p256dh, auth: subscription.auth }, plaintext);
      const { status } = await transport({
        url: subscription.endpoint,
        headers: {
          authorization: await vapidAuthorization(subscription.endpoint, await keys(), subject, now()),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(TTL_SECONDS),
          urgency: 'normal',
        },
        body,
        timeoutMs,
      });
      if (status === 404 || status === 410) {
        await repository.deleteGone(subscription.id, subscription.updated_at);
        return 'gone';
      }
      if (status >= 200 && status < 300) return 'sent';
      log?.warn({ subscriptionId: subscription.id, origin, status }, 'push service refused a message');
      return 'failed';
    } catch (err) {
      // The endpoint's path is the subscription's secret: only its origin is logged.
      log?.warn({ subscriptionId: subscription.id, origin, err }, 'push delivery failed');
      return 'failed';
    }
  }

  return {
    /** Encrypts `message` to each subscription of the user and posts it; one at a time (a user has at most 20). */
    async sendToUser(userId: number, message: PushMessage): Promise<DeliveryReport> {
      const plaintext = Buffer.from(JSON.stringify(message), 'utf8');
      const report: DeliveryReport = { total: 0, sent: 0, removed: 0, failed: 0 };
      for (const subscription of await repository.listByUser(userId)) {
        report.total += 1;
        const outcome = await deliver(subscription, plaintext);
        if (outcome === 'sent') report.sent += 1;
        else if (outcome === 'gone') report.removed += 1;
        else report.failed += 1;
      }
      return report;
    },
  };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
