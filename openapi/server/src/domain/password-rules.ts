/** Password rules of the spec (section 5). Pure functions shared by registration and, later, reset/change. */

/** The only characters that count as "special" for the strength rules. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%?=*&';

export const PASSWORD_RULE_MESSAGE =
  'Your password must contain at least one lowercase letter, one uppercase letter, one digit, one special character, and must be a minimum of eight characters long.';

export interface PasswordTraits {
  length: number;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
}

export function passwordTraits(password: string): PasswordTraits {
  return {
    length: [...password].length,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: [...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch)),
  };
}

/** Registration: at least 8 characters with a lowercase, an uppercase, a digit and a special character. */
export function isStrongRegistrationPassword(password: string): boolean {
  const t = passwordTraits(password);
  return t.length >= 8 && t.lowercase && t.uppercase && t.digit && t.special;
}

/**
 * Reset and change password accept either all four classes from 6 characters,
 * or lowercase + uppercase + special from 8 characters (no digit needed).
 */
export function isStrongResetPassword(password: string): boolean {
  const t = passwordTraits(password);
  const allClasses = t.lowercase && t.uppercase && t.digit && t.special && t.length >= 6;
  const noDigit = t.lowercase && t.uppercase && t.special && t.length >= 8;
  return allClasses || noDigit;
}
