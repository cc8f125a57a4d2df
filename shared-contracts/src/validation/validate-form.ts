import { validate, type Struct } from 'superstruct';

/**
 * Runs a struct over form values and returns react-final-form's error object:
 * one message per field (the first failure of that field), or `undefined` when valid.
 * Nested paths are joined with dots, which final-form reads as nested fields.
 */
export function validateForm<T>(struct: Struct<T, unknown>, values: unknown): Record<string, string> | undefined {
  const [error] = validate(values ?? {}, struct);
  if (!error) return undefined;
  const errors: Record<string, string> = {};
  for (const failure of error.failures()) {
    const key = failure.path.join('.') || '_form';
    errors[key] ??= failure.message;
  }
  return errors;
}

/** The first failure's message, or undefined when valid (the server answers one message). */
export function firstFailure<T>(struct: Struct<T, unknown>, values: unknown): string | undefined {
  const [error] = validate(values ?? {}, struct);
  return error ? (error.failures()[0]?.message ?? error.message) : undefined;
}
