import type { FocusEvent } from 'react';
import { Field as FinalField, type FieldMetaState } from 'react-final-form';
// Through the package's name, not a relative path: the app that imports this module gets the
// page's one shared-contracts (the federation singleton) for the fields it wraps.
import { PasswordField, TextField, type PasswordFieldProps, type TextFieldProps } from '@pod/shared-contracts';

/** The attributes react-final-form owns on a wired input (value, handlers, error). */
type Wired = 'name' | 'value' | 'onChange' | 'onBlur' | 'error';

/** Props of {@link FinalTextField}: those of {@link TextField} wired to the field `name`. */
export interface FinalTextFieldProps extends Omit<TextFieldProps, Wired> {
  /** The field's name in the enclosing react-final-form `<Form>`. */
  name: string;
}

/** Props of {@link FinalPasswordField}: those of {@link PasswordField} wired to the field `name`. */
export interface FinalPasswordFieldProps extends Omit<PasswordFieldProps, Wired> {
  /** The field's name in the enclosing react-final-form `<Form>`. */
  name: string;
}

/** A field's error once the user has left it (or submitted), as every form shows it. */
function shownError(meta: FieldMetaState<string>): string | undefined {
  return meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
}

/** Calls the caller's onFocus, then react-final-form's (which marks the field active). */
function chainFocus(
  own: ((event: FocusEvent<HTMLInputElement>) => void) | undefined,
  wired: (event: FocusEvent<HTMLInputElement>) => void,
) {
  return (event: FocusEvent<HTMLInputElement>) => {
    own?.(event);
    wired(event);
  };
}

/**
 * A {@link TextField} inside a react-final-form `<Form>`: value, change, blur and focus come
 * from the form, and the field's validation message shows once the field was touched.
 * Must be rendered inside `<Form>` (react-final-form is a federation singleton for this).
 */
export function FinalTextField({ name, onFocus, ...props }: FinalTextFieldProps) {
  return (
    <FinalField<string> name={name}>
      {({ input, meta }) => (
        <TextField {...input} {...props} onFocus={chainFocus(onFocus, input.onFocus)} error={shownError(meta)} />
      )}
    </FinalField>
  );
}

/** A {@link PasswordField} (with its Show/Hide toggle) inside a react-final-form `<Form>`; see {@link FinalTextField}. */
export function FinalPasswordField({ name, onFocus, ...props }: FinalPasswordFieldProps) {
  return (
    <FinalField<string> name={name}>
      {({ input, meta }) => (
        <PasswordField {...input} {...props} onFocus={chainFocus(onFocus, input.onFocus)} error={shownError(meta)} />
      )}
    </FinalField>
  );
}
