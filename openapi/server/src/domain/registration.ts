import { define, refine, type, validate, type Infer } from 'superstruct';
import { isStrongRegistrationPassword, PASSWORD_RULE_MESSAGE } from './password-rules.js';

// Kept local until @pod/shared-contracts/validation publishes the shared structs; then import them from there.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const REGISTRATION_MESSAGES = {
  emailRequired: 'Please enter your email to continue',
  emailInvalid: 'Please enter a valid email address',
  password: PASSWORD_RULE_MESSAGE,
  confirmRequired: 'Please confirm your password to continue',
  mismatch: 'passwords must match',
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
} as const;

/** A non-blank string; anything else fails with `message`. */
const requiredText = (message: string) =>
  define<string>('required text', (value) => (typeof value === 'string' && value.trim() !== '') || message);

const Email = refine(
  requiredText(REGISTRATION_MESSAGES.emailRequired),
  'email',
  (value) => EMAIL_PATTERN.test(value.trim()) || REGISTRATION_MESSAGES.emailInvalid,
);

const Password = define<string>(
  'password',
  (value) => (typeof value === 'string' && isStrongRegistrationPassword(value)) || REGISTRATION_MESSAGES.password,
);

/**
 * The POST /user/adduser body. Field order is the order of the registration steps, so the first
 * failure reported is the one the user meets first. `type` (not `object`) tolerates extra keys
 * such as `username`, which the front end sends equal to the e-mail and is not stored separately.
 */
export const Registration = refine(
  type({
    email: Email,
    password: Password,
    confirm_password: requiredText(REGISTRATION_MESSAGES.confirmRequired),
    name_first: requiredText(REGISTRATION_MESSAGES.firstName),
    name_last: requiredText(REGISTRATION_MESSAGES.lastName),
  }),
  'matching passwords',
  (value) => value.password === value.confirm_password || REGISTRATION_MESSAGES.mismatch,
);

export type Registration = Infer<typeof Registration>;

/** Returns the valid registration, or the first rule's message. */
export function checkRegistration(body: unknown): { ok: true; value: Registration } | { ok: false; message: string } {
  const [error, value] = validate(body, Registration);
  if (error) return { ok: false, message: error.failures()[0]?.message ?? error.message };
  return { ok: true, value };
}
