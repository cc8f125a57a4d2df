import { validate, type Struct } from 'superstruct';

/** react-final-form's errors: a message per field, nested like the values (`contributors[0].name`). */
export type FormErrors = { [field: string]: string | FormErrors | Array<FormErrors | undefined> };

/** Puts `message` at `path` in `errors` unless an earlier failure already holds that place. */
function place(errors: FormErrors, path: readonly (string | number)[], message: string): void {
  let node: Record<string | number, unknown> = errors;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    if (last) {
      node[segment] ??= message;
      return;
    }
    const existing = node[segment];
    if (typeof existing === 'string') return; // the whole field already failed
    if (existing === undefined) node[segment] = typeof path[index + 1] === 'number' ? [] : {};
    node = node[segment] as Record<string | number, unknown>;
  });
}

/**
 * A superstruct struct as a react-final-form `validate` function: undefined when valid,
 * otherwise the first message of each failing field, nested as the values are (a list's
 * failures at `contributors[1].role`), or `_form` for a failure of the whole value.
 */
export function validateForm<T>(struct: Struct<T, unknown>, values: unknown): FormErrors | undefined {
  const [error] = validate(values ?? {}, struct);
  if (!error) return undefined;
  const errors: FormErrors = {};
  for (const failure of error.failures()) {
    const path = failure.path.length > 0 ? (failure.path as (string | number)[]) : ['_form'];
    place(errors, path, failure.message);
  }
  return errors;
}

/** The first failure's message, or undefined when valid (the server answers one message). */
export function firstFailure<T>(struct: Struct<T, unknown>, values: unknown): string | undefined {
  const [error] = validate(values ?? {}, struct);
  return error ? (error.failures()[0]?.message ?? error.message) : undefined;
}
