import { define, refine, type, type Infer, type Struct } from 'superstruct';
import { isStrongRegistrationPassword, isStrongResetPassword, PASSWORD_RULE_MESSAGE } from './password';
import { EMAIL_PATTERN, required, requiredMatching } from './rules';

/** Login form (account-area.md section 5). */
export const LoginForm = type({
  email: required('Please enter your email address'),
  password: required('Please enter your password'),
});
/** Values of the login form. */
export type LoginForm = Infer<typeof LoginForm>;

/** Forgot-password form. */
export const ForgotPasswordForm = type({
  email: requiredMatching(
    'Please enter your email address to continue',
    EMAIL_PATTERN,
    'Please enter a valid email address',
  ),
});
/** Values of the forgot-password form. */
export type ForgotPasswordForm = Infer<typeof ForgotPasswordForm>;

/** Messages of registration (step 1 and step 2) used by the forms and the server. */
export const REGISTRATION_MESSAGES = {
  emailRequired: 'Please enter your email to continue',
  emailInvalid: 'Please enter a valid email address',
  // The spec names no message for a blank password; it follows step 1's other wording.
  passwordRequired: 'Please enter your password to continue',
  password: PASSWORD_RULE_MESSAGE,
  confirmRequired: 'Please confirm your password to continue',
  mismatch: 'passwords must match',
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  // The spec names no message for the unticked box; designed here.
  terms: 'Please accept the Terms & Privacy Policy to continue',
  // Status U30 (spelled so in the specification).
  emailExists: 'This email alreay exists on our system, please use another email or login to continue',
} as const;

function strongPassword(requiredMessage: string, isStrong: (password: string) => boolean): Struct<string, null> {
  return define<string>('password', (value) => {
    if (typeof value !== 'string' || value.length === 0) return requiredMessage;
    return isStrong(value) ? true : PASSWORD_RULE_MESSAGE;
  });
}

/** Puts a mismatch failure on the confirmation field (path), so forms show it there. */
function confirmationMatches<T extends { password: string }>(
  struct: Struct<T, unknown>,
  confirmKey: keyof T & string,
  message: string,
): Struct<T, unknown> {
  return refine(struct, 'matching passwords', (value) =>
    value.password === value[confirmKey] ? true : { message, path: [confirmKey] },
  );
}

const registrationEmail = requiredMatching(
  REGISTRATION_MESSAGES.emailRequired,
  EMAIL_PATTERN,
  REGISTRATION_MESSAGES.emailInvalid,
);

/** Registration step 1: e-mail, password, confirmation. */
export const RegisterCredentialsForm = confirmationMatches(
  type({
    email: registrationEmail,
    password: strongPassword(REGISTRATION_MESSAGES.passwordRequired, isStrongRegistrationPassword),
    confirm_password: required(REGISTRATION_MESSAGES.confirmRequired),
  }),
  'confirm_password',
  REGISTRATION_MESSAGES.mismatch,
);
/** Values of registration step 1. */
export type RegisterCredentialsForm = Infer<typeof RegisterCredentialsForm>;

/** Registration step 2: names and the Terms & Privacy box. */
export const RegisterDetailsForm = type({
  name_first: required(REGISTRATION_MESSAGES.firstName),
  name_last: required(REGISTRATION_MESSAGES.lastName),
  terms: define<boolean>('terms', (value) => value === true || REGISTRATION_MESSAGES.terms),
});
/** Values of registration step 2. */
export type RegisterDetailsForm = Infer<typeof RegisterDetailsForm>;

/**
 * The POST /user/adduser body as the server checks it: every rule of both steps, in the
 * order the user meets them. Extra keys (username) are tolerated.
 */
export const Registration = confirmationMatches(
  type({
    email: registrationEmail,
    password: strongPassword(REGISTRATION_MESSAGES.passwordRequired, isStrongRegistrationPassword),
    confirm_password: required(REGISTRATION_MESSAGES.confirmRequired),
    name_first: required(REGISTRATION_MESSAGES.firstName),
    name_last: required(REGISTRATION_MESSAGES.lastName),
  }),
  'confirm_password',
  REGISTRATION_MESSAGES.mismatch,
);
/** A valid registration body. */
export type Registration = Infer<typeof Registration>;

/** Reset-password form: the strength failure shows on the password field; mismatch 'passwords must match'. */
export const ResetPasswordForm = confirmationMatches(
  type({
    password: strongPassword('Please enter a new password', isStrongResetPassword),
    confirm_password: required('Please confirm your new password'),
  }),
  'confirm_password',
  'passwords must match',
);
/** Values of the reset-password form (also the PUT /user/pwdlinkcheck body). */
export type ResetPasswordForm = Infer<typeof ResetPasswordForm>;

/**
 * Change-password form: mismatch 'Passwords must match' and the strength failure both
 * show on the confirmation field (account-area.md section 5).
 */
export const ChangePasswordForm = refine(
  type({
    password: required('Please enter a new password'),
    confirm_password: required('Please confirm your new password'),
  }),
  'change password rules',
  (value) => {
    if (value.password !== value.confirm_password) {
      return { message: 'Passwords must match', path: ['confirm_password'] };
    }
    return isStrongResetPassword(value.password)
      ? true
      : { message: PASSWORD_RULE_MESSAGE, path: ['confirm_password'] };
  },
);
/** Values of the change-password form (also the PUT /user/pwd body). */
export type ChangePasswordForm = Infer<typeof ChangePasswordForm>;
