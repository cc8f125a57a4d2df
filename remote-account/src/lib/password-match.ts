import type { FormErrors } from '@pod/shared-contracts';

/**
 * Adds the mismatch message to a password form's errors whenever a typed confirmation
 * differs. shared-contracts' structs check the match in a superstruct refinement, which
 * only runs once every field is otherwise valid; the user should not have to fix the
 * e-mail before learning that the two passwords differ.
 */
export function withMismatch(
  errors: FormErrors | undefined,
  values: { password?: string; confirm_password?: string },
  message: string,
): FormErrors {
  const all = { ...errors };
  if (values.confirm_password && values.confirm_password !== values.password) all.confirm_password ??= message;
  return all;
}
