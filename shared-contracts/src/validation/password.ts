/**
 * Password rules of account-area.md section 5, shared by the forms (live hints, messages)
 * and the server (which checks every password itself).
 */

/** The only characters that count as "special". */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%?=*&';

/** The one failure sentence of every password rule (registration, reset, change). */
export const PASSWORD_RULE_MESSAGE =
  'Your password must contain at least one lowercase letter, one uppercase letter, one digit, one special character, and must be a minimum of eight characters long.';

/** What a password contains. */
export interface PasswordTraits {
  length: number;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
}

/** Measures a password against the character classes of the rules. */
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
 * Reset and change: either all four classes from 6 characters, or lowercase, uppercase
 * and special from 8 characters (no digit needed).
 */
export function isStrongResetPassword(password: string): boolean {
  const t = passwordTraits(password);
  const allClasses = t.lowercase && t.uppercase && t.digit && t.special && t.length >= 6;
  const noDigit = t.lowercase && t.uppercase && t.special && t.length >= 8;
  return allClasses || noDigit;
}

/** One line of the registration form's live hint list. */
export interface PasswordHint {
  id: keyof PasswordTraits;
  label: string;
  met: boolean;
}

/** The live hint list of registration step 1, in display order. */
export function passwordHints(password: string): PasswordHint[] {
  const t = passwordTraits(password);
  return [
    { id: 'length', label: 'At least 8 characters', met: t.length >= 8 },
    { id: 'lowercase', label: 'One lowercase letter', met: t.lowercase },
    { id: 'uppercase', label: 'One uppercase letter', met: t.uppercase },
    { id: 'digit', label: 'One digit', met: t.digit },
    { id: 'special', label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`, met: t.special },
  ];
}
