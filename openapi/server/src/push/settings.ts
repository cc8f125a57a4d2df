import { SUPPORT_EMAIL } from '@pod/shared-contracts/constants';
import { vapidKeysMatch, type VapidKeys } from '../domain/web-push.js';

/** Web push settings (POD_VAPID_*, POD_PUSH_*); read once by config.ts. */
export interface PushSettings {
  /** POD_VAPID_PUBLIC_KEY / POD_VAPID_PRIVATE_KEY; undefined: generated in development, push off in production. */
  vapid: VapidKeys | undefined;
  /** POD_VAPID_SUBJECT: the contact push services may write to (mailto: or https:). */
  subject: string;
  /** POD_PUSH_ALLOW_LOCAL_ENDPOINTS=1: also http and loopback/private endpoints (development; refused in production). */
  allowLocalEndpoints: boolean;
  /** POD_PUSH_TIMEOUT_MS: how long one delivery may take (connect and answer). */
  timeoutMs: number;
}

export const DEFAULT_PUSH_TIMEOUT_MS = 10_000;

/**
 * Push settings from the environment. Half a key pair, a pair whose halves do not belong
 * together, or a subject that is not a mailto: or https: URL stops the start, naming the variable
 * (never the key).
 */
export function loadPushSettings(env: NodeJS.ProcessEnv): PushSettings {
  const publicKey = env.POD_VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.POD_VAPID_PRIVATE_KEY?.trim() || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('POD_VAPID_PUBLIC_KEY and POD_VAPID_PRIVATE_KEY must be set together');
  }
  const vapid = publicKey && privateKey ? { publicKey, privateKey } : undefined;
  if (vapid && !vapidKeysMatch(vapid)) {
    throw new Error(
      'POD_VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (65 bytes, base64url) and POD_VAPID_PRIVATE_KEY its private key (32 bytes, base64url)',
    );
  }
  const subject = env.POD_VAPID_SUBJECT?.trim() || `mailto:${SUPPORT_EMAIL}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error(`POD_VAPID_SUBJECT must be a mailto: or https: URL, got '${subject}'`);
  }
  const timeout = Number(env.POD_PUSH_TIMEOUT_MS?.trim() || DEFAULT_PUSH_TIMEOUT_MS);
  if (!Number.isInteger(timeout) || timeout <= 0) {
    throw new Error(`POD_PUSH_TIMEOUT_MS must be a positive whole number, got '${env.POD_PUSH_TIMEOUT_MS}'`);
  }
  return {
    vapid,
    subject,
    allowLocalEndpoints: ['1', 'true'].includes(env.POD_PUSH_ALLOW_LOCAL_ENDPOINTS?.trim().toLowerCase() ?? ''),
    timeoutMs: timeout,
  };
}
