import { createContext, useContext, type ReactNode } from 'react';
import type { FormErrors } from '@pod/shared-contracts';

/** Messages on screen by field name (`bankInfo.brance_code`). */
export type ShownErrors = Readonly<Record<string, string>>;

/** `validateForm`'s nested errors as one message per dotted field name. */
export function flattenErrors(errors: FormErrors | undefined, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[name] = value;
    else if (value && !Array.isArray(value)) Object.assign(flat, flattenErrors(value, name));
  }
  return flat;
}

interface ShownErrorsContextValue {
  errors: ShownErrors;
  /** A field took focus: its message goes, unless the form itself moved focus there. */
  onFieldFocus: (name: string) => void;
}

const ShownErrorsContext = createContext<ShownErrorsContextValue>({ errors: {}, onFieldFocus: () => undefined });

/**
 * The Update Request's messages: set when Update's validation fails (or the server refuses a
 * field), not as the user types, and cleared field by field when the user focuses it
 * (account-area.md section 5). They live beside react-final-form, which keeps the values only.
 */
export function ShownErrorsProvider({ value, children }: { value: ShownErrorsContextValue; children: ReactNode }) {
  return <ShownErrorsContext.Provider value={value}>{children}</ShownErrorsContext.Provider>;
}

/** The message shown on `name`, and the focus handler that clears it. */
export function useShownError(name: string): { error: string | undefined; onFocus: () => void } {
  const { errors, onFieldFocus } = useContext(ShownErrorsContext);
  return { error: errors[name], onFocus: () => onFieldFocus(name) };
}
