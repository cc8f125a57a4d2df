import { createHash, randomBytes } from 'node:crypto';

/**
 * Rules of two-factor sign-in (issue 15). The TOTP arithmetic is otplib's (RFC 6238: SHA-1,
 * 6 digits, 30-second steps, the app defaults every authenticator understands); what is decided
 * here is which codes are accepted and how recovery codes look.
 */

/** How long the challenge of POST /authO/login lives. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong codes one challenge may take before the user must give the password again. */
export const CODES_PER_CHALLENGE = 5;
/** Clock drift accepted: one 30-second step before and after the current one. */
export const TOTP_TOLERANCE_SECONDS = 30;
export const TOTP_PERIOD_SECONDS = 30;
/** The name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Print on Demand';
export const RECOVERY_CODE_COUNT = 10;

/**
 * Crockford's Base32 alphabet: no I, L, O or U, so what a user reads off a printout is what she
 * types. 16 characters of 5 bits each are 80 random bits per code.
 */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 16;

/** What a typed code is: an authenticator code, a recovery code, or neither. */
export type TypedCode = { kind: 'totp'; token: string } | { kind: 'recovery'; code: string } | { kind: 'invalid' };

/**
 * Reads a typed code. Spaces never matter (apps show `123 456`); a recovery code is read
 * case-insensitively without its hyphens, and `i`/`l` as `1`, `o` as `0` (Crockford's rule).
 */
export function readCode(input: string): TypedCode {
  const compact = input.replace(/\s+/g, '');
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', token: compact };
  const recovery = compact.toLowerCase().replace(/-/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (recovery.length === RECOVERY_LENGTH && [...recovery].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: 'recovery', code: recovery };
  }
  return { kind: 'invalid' };
}

/** `count` new recovery codes, as shown: `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    // 32 symbols divide 256 evenly, so the low 5 bits of a random byte are uniform.
    const symbols = [...randomBytes(RECOVERY_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
    return symbols.match(/.{4}/g)!.join('-');
  });
}

/**
 * What is stored of a recovery code: SHA-256 of its read form. 80 random bits cannot be searched
 * from the hash, so a slow or keyed hash would add nothing (and a keyed one would stop the codes
 * from working if the server's secret were ever replaced, exactly when they are needed).
 */
export function hashRecoveryCode(code: string): string {
  const read = readCode(code);
  const canonical = read.kind === 'recovery' ? read.code : code;
  return createHash('sha256').update(canonical).digest('base64url');
}

/**
 * A short fingerprint of a password hash for the challenge: a challenge issued before a
 * password change (or reset) no longer matches. Not a secret; it only has to change.
 */
export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

/** The context a TOTP secret is sealed under: it opens only on its own account's row. */
export function totpSecretContext(userId: number): string {
  return `totp-secret:${userId}`;
}
