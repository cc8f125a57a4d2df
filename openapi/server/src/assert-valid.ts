import { firstFailure } from '@pod/shared-contracts/validation';
import { HttpProblem } from './errors.js';

type Struct<T> = Parameters<typeof firstFailure<T>>[0];

/**
 * Returns `value` typed by `struct`, or throws the 400 `VALIDATION` Problem with the first failing
 * rule's message: the very text the form would have shown. The structs themselves come from
 * `@pod/shared-contracts/validation`, so a rule and its message live once for browser and server.
 */
export function assertValid<T>(struct: Struct<T>, value: unknown): T {
  const message = firstFailure(struct, value);
  if (message !== undefined) throw new HttpProblem(400, message, 'VALIDATION');
  return value as T;
}
