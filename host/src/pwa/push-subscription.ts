import { client, type components } from '@pod/shared-contracts';

type SubscriptionBody = components['schemas']['PushSubscriptionBody'];

/** What {@link subscribeToPush} did. */
export type PushOutcome = 'subscribed' | 'unsupported' | 'not-permitted' | 'disabled';

/** The browser's parts push needs (tests pass fakes; the defaults are the browser's). */
export interface PushDeps {
  container?: ServiceWorkerContainer | undefined;
  /** Notification.permission, or undefined where notifications do not exist. */
  permission?: () => NotificationPermission | undefined;
  /**
   * Where subscriptions are sent: null for the API (POST/DELETE /push/subscriptions through the
   * shared client), else the push service URL of remotes.json (`pushServiceUrl`).
   */
  serviceUrl?: string | null;
}

let configuredServiceUrl: string | null = null;

/**
 * Takes the push service URL from the runtime configuration (remotes.json `pushServiceUrl`,
 * absolute or relative to the portal); without one, subscriptions go to the API.
 */
export function configurePushService(config: object): void {
  const url = (config as { pushServiceUrl?: unknown }).pushServiceUrl;
  configuredServiceUrl = typeof url === 'string' && url.trim() ? url.trim() : null;
}

const browserPermission = () => (typeof Notification === 'undefined' ? undefined : Notification.permission);

/** A base64url string (the VAPID key of GET /push/publickey) as bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** A third-party push service gets the JSON alone: never the user's API token. */
async function sendToService(url: string, method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const request = new Request(new URL(url, window.location.origin), {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await fetch(request);
  if (!response.ok) throw new Error(`${method} ${url} answered HTTP ${response.status}`);
}

async function saveSubscription(json: PushSubscriptionJSON, serviceUrl: string | null): Promise<void> {
  if (serviceUrl) return sendToService(serviceUrl, 'POST', json);
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('The push subscription has no keys');
  // Sent as the browser gives it: { endpoint, expirationTime, keys: { p256dh, auth } }.
  const { response } = await client.POST('/push/subscriptions', { body: json as SubscriptionBody });
  if (!response.ok) throw new Error(`POST /push/subscriptions answered HTTP ${response.status}`);
}

/**
 * Subscribes this browser to push notifications and sends the subscription (`toJSON()`) to the
 * push service URL. Only with the permission already granted: it never asks (a prompt needs
 * the user's gesture). The VAPID key comes from GET /push/publickey; a 404 there means push is
 * switched off, and nothing happens. A subscription made with another key is replaced.
 */
export async function subscribeToPush({
  container = globalThis.navigator?.serviceWorker,
  permission = browserPermission,
  serviceUrl = configuredServiceUrl,
}: PushDeps = {}): Promise<PushOutcome> {
  if (!container) return 'unsupported';
  const allowed = permission();
  if (allowed === undefined) return 'unsupported';
  if (allowed !== 'granted') return 'not-permitted';
  const { data, response } = await client.GET('/push/publickey');
  if (response.status === 404) return 'disabled';
  if (!data) throw new Error(`GET /push/publickey answered HTTP ${response.status}`);
  const registration = await container.ready;
  if (!registration.pushManager) return 'unsupported';
  const key = base64UrlToBytes(data.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveSubscription(subscription.toJSON(), serviceUrl);
  return 'subscribed';
}

/**
 * Ends this browser's subscription (logout): the push service forgets the endpoint
 * (DELETE /push/subscriptions while the session is still valid), then the browser
 * unsubscribes. Best effort: each step's failure is only logged.
 */
export async function unsubscribeFromPush({
  container = globalThis.navigator?.serviceWorker,
  serviceUrl = configuredServiceUrl,
}: Pick<PushDeps, 'container' | 'serviceUrl'> = {}): Promise<void> {
  const registration = await container?.getRegistration('/');
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  try {
    if (serviceUrl) await sendToService(serviceUrl, 'DELETE', { endpoint });
    else await client.DELETE('/push/subscriptions', { body: { endpoint } });
  } catch (error) {
    console.warn('The push subscription could not be deleted on the server', error);
  }
  await subscription.unsubscribe().catch((error: unknown) => console.warn('Could not unsubscribe from push', error));
}
