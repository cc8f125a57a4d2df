import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config.js';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a signed cookie naming that account; a login presenting it is
 * limited per cookie instead of per account, so strangers guessing an account's password cannot
 * lock its owner out of the browser she uses.
 */
export const DEVICE_COOKIE_NAME = 'pod_device';
/** Only the login calls need it: the browser sends it nowhere else. */
export const DEVICE_COOKIE_PATH = '/api/v1/authO';
/** Long-lived on purpose (a browser stays trusted across sessions); the expiry is signed too. */
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 24 * 60 * 60;

/** What a valid cookie says: the account it was issued to and its own random id. */
export interface DeviceClaims {
  userId: number;
  /** 128 random bits: the key of this device's own failure counter. */
  nonce: string;
}

export interface DeviceCookies {
  /** A new cookie for `userId`: the Set-Cookie header value. */
  issue(userId: number): string;
  /** The claims of the request's device cookie, or undefined when absent, forged, malformed or expired. */
  read(cookieHeader: string | undefined): DeviceClaims | undefined;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The value of one cookie from a Cookie header (no cookie library is needed for one name). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** `key`: derived from the server's secret for this purpose only (plugins/external/auth.ts). */
export function createDeviceCookies(key: Uint8Array, config: AppConfig): DeviceCookies {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const secure = config.publicUrl.startsWith('https:');

  return {
    issue(userId) {
      const nonce = randomBytes(16).toString('base64url');
      const expires = seconds(config.now()) + DEVICE_COOKIE_TTL_SECONDS;
      const payload = `${userId}.${nonce}.${expires}`;
      const value = `${payload}.${mac(payload).toString('base64url')}`;
      return [
        `${DEVICE_COOKIE_NAME}=${value}`,
        `Max-Age=${DEVICE_COOKIE_TTL_SECONDS}`,
        `Path=${DEVICE_COOKIE_PATH}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },

    read(cookieHeader) {
      const value = cookieValue(cookieHeader, DEVICE_COOKIE_NAME);
      const match = value ? /^([1-9]\d{0,9})\.([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/.exec(value) : null;
      if (!match) return undefined;
      const [, id, nonce, expires, signature] = match as unknown as [string, string, string, string, string];
      // Compared as text: decoding first would accept other spellings of the same bytes (the
      // last base64url character carries unused bits), making cookie values malleable.
      const expected = Buffer.from(mac(`${id}.${nonce}.${expires}`).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (Number(expires) <= seconds(config.now())) return undefined;
      return { userId: Number(id), nonce };
    },
  };
}
