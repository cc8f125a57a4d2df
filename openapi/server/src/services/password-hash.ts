import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1), the OWASP baseline; hashes start with $argon2id$.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False (never a throw) for a wrong password or an unreadable stored hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A real argon2id hash of a random secret, created once. Verifying against it for unknown e-mails
 * makes "no such user" cost as much as "wrong password", so timing does not reveal registrations.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
