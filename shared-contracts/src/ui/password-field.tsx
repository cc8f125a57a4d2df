import { useState } from 'react';
import { Field, fieldStyles, type TextFieldProps } from './field';

/** Props of {@link PasswordField}: those of a text field, without `type`. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A labelled password input with a toggle button ('Show password' / 'Hide password')
 * that reveals the typed text. The toggle never submits the form.
 */
export function PasswordField({ label, error, hint, id, className, ref, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className={fieldStyles.withToggle}>
          <input
            ref={ref}
            className={fieldStyles.input}
            autoComplete="current-password"
            {...input}
            {...control}
            type={visible ? 'text' : 'password'}
          />
          <button
            type="button"
            className={fieldStyles.toggle}
            aria-controls={control.id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide password' : 'Show password'}
          </button>
        </div>
      )}
    </Field>
  );
}
