import { isIP } from 'node:net';
import { authSecret, p256PublicKey } from './web-push.js';

/** What POST /push/subscriptions refuses, in the 400 VALIDATION messages the API answers. */
export const PUSH_SUBSCRIPTION_MESSAGES = {
  endpoint: 'The push endpoint must be an https URL.',
  localEndpoint: 'The push endpoint must not be a loopback, private or link-local address.',
  p256dh: 'keys.p256dh must be a P-256 public key (65 bytes, base64url).',
  auth: 'keys.auth must be 16 bytes (base64url).',
} as const;

/** At most this many subscriptions per user (browsers and devices); the oldest goes. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

const LOCAL_NAMES = /^(localhost|.*\.localhost|localhost\.localdomain)$/i;

/** IPv4 ranges a push must never reach: this host, private networks, link-local, shared and reserved. */
function isLocalIpv4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

function isLocalIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::' || lower === '::1') return true;
  // IPv4-mapped (::ffff:10.0.0.1, or as the URL parser writes it, ::ffff:a00:1).
  const mapped = /^::ffff:(.+)$/.exec(lower);
  if (mapped?.[1]) {
    const tail = mapped[1];
    if (isIP(tail) === 4) return isLocalIpv4(tail);
    const [high = '0', low = '0'] = tail.split(':');
    const value = (parseInt(high, 16) << 16) | parseInt(low, 16);
    return isLocalIpv4([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.'));
  }
  const first = parseInt(lower.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 // multicast
  );
}

/**
 * Whether a URL host is this machine or inside a network: a loopback, private, link-local (or
 * otherwise non-public) address literal, or a localhost name. The URL parser has already turned
 * the other spellings of an IPv4 address (decimal, hex, short forms) into dotted quads.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (LOCAL_NAMES.test(host)) return true;
  const version = isIP(host);
  if (version === 4) return isLocalIpv4(host);
  if (version === 6) return isLocalIpv6(host);
  return false;
}

/**
 * The first rule a subscription breaks, or null. `allowLocal` (POD_PUSH_ALLOW_LOCAL_ENDPOINTS=1,
 * development only) also takes http and local endpoints, for a push service played on this machine.
 */
export function pushSubscriptionProblem(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  allowLocal: boolean,
): string | null {
  let url: URL;
  try {
    url = new URL(subscription.endpoint);
  } catch {
    return PUSH_SUBSCRIPTION_MESSAGES.endpoint;
  }
  const schemes = allowLocal ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol) || url.username !== '' || url.password !== '') {
    return PUSH_SUBSCRIPTION_MESSAGES.endpoint;
  }
  if (!allowLocal && isLocalHost(url.hostname)) return PUSH_SUBSCRIPTION_MESSAGES.localEndpoint;
  if (!p256PublicKey(subscription.keys.p256dh)) return PUSH_SUBSCRIPTION_MESSAGES.p256dh;
  if (!authSecret(subscription.keys.auth)) return PUSH_SUBSCRIPTION_MESSAGES.auth;
  return null;
}
