import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (TOTP secrets of two-factor sign-in), sealed at rest with
 * AES-256-GCM under a key derived from the server's secret for this purpose only
 * (plugins/external/auth.ts). `context` is authenticated with the value (GCM's additional data),
 * so a sealed value copied onto another account's row does not open there.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; a fresh 96-bit IV per seal.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or undefined when the value is malformed, altered, of another context or another key. */
  open(sealed: string, context: string): string | undefined;
}

const VERSION = 'v1';

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('SecretBox needs a 256-bit key');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    open(sealed, context) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
}
