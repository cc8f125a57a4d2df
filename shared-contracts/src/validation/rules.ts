import { define, type Struct } from 'superstruct';

/**
 * Building blocks for structs that carry the specification's exact messages.
 * A superstruct validator that returns a string fails with that string as its message,
 * so each rule below yields the very text the form shows and the server answers.
 */

/** A string that is present and not blank; `message` otherwise. */
export function required(message: string): Struct<string, null> {
  return define<string>('required', (value) => (typeof value === 'string' && value.trim().length > 0 ? true : message));
}

/** Present (with `requiredMessage`) and matching `pattern` (with `invalidMessage`). */
export function requiredMatching(
  requiredMessage: string,
  pattern: RegExp,
  invalidMessage: string,
): Struct<string, null> {
  return define<string>('requiredMatching', (value) => {
    if (typeof value !== 'string' || value.trim().length === 0) return requiredMessage;
    return pattern.test(value.trim()) ? true : invalidMessage;
  });
}

/** The e-mail pattern used by every form (local@domain.tld, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
