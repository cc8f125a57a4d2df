import sharedValidation from '@pod/shared-contracts/validation';
import { HttpProblem } from './errors.js';

/**
 * The forms' validation (`@pod/shared-contracts/validation`): the server checks every input with
 * the same superstruct structs, so a rule and its message live once.
 *
 * Imported through the default export on purpose: shared-contracts is consumed as TypeScript
 * source by bundlers (extensionless relative imports), so it is not an ES module package for
 * Node; under tsx its sources load as CommonJS, whose `export *` re-exports Node cannot detect
 * as named exports. The default export is the whole `module.exports`.
 */
export const {
  ChangePasswordForm,
  EMAIL_PATTERN,
  firstFailure,
  ForgotPasswordForm,
  LoginForm,
  PASSWORD_RULE_MESSAGE,
  REGISTRATION_MESSAGES,
  Registration,
  ResetPasswordForm,
} = sharedValidation;

type Struct<T> = Parameters<typeof firstFailure<T>>[0];

/**
 * Returns `value` typed by `struct`, or throws the 400 `VALIDATION` Problem with the first failing
 * rule's message: the very text the form would have shown.
 */
export function assertValid<T>(struct: Struct<T>, value: unknown): T {
  const message = firstFailure(struct, value);
  if (message !== undefined) throw new HttpProblem(400, message, 'VALIDATION');
  return value as T;
}
