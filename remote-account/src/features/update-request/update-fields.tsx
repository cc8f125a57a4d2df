import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field as FinalField } from 'react-final-form';
import { cx, Field, fieldControlClassName, TextField } from '@pod/shared-contracts';
import { useShownError } from './shown-errors';
import styles from './update-request.module.css';

/** Props of {@link UpdateTextField}: an input's own attributes, wired by name to the form. */
export interface UpdateTextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'onChange' | 'onFocus' | 'children'
> {
  name: string;
  label: string;
  hint?: ReactNode;
}

/**
 * A labelled text input of the Update Request: its value in react-final-form, its message
 * from Update's validation (see shown-errors.tsx), cleared when the field is focused.
 */
export function UpdateTextField({ name, label, hint, ...attributes }: UpdateTextFieldProps) {
  const { error, onFocus } = useShownError(name);
  return (
    <FinalField<string> name={name} parse={(value) => value}>
      {({ input }) => (
        <TextField
          {...attributes}
          {...input}
          value={input.value ?? ''}
          label={label}
          hint={hint}
          error={error}
          onFocus={(event) => {
            onFocus();
            input.onFocus(event);
          }}
        />
      )}
    </FinalField>
  );
}

/** A labelled multi-line field (the addresses), otherwise as {@link UpdateTextField}. */
export function UpdateTextArea({ name, label, maxLength }: { name: string; label: string; maxLength: number }) {
  const { error, onFocus } = useShownError(name);
  return (
    <FinalField<string> name={name} parse={(value) => value}>
      {({ input }) => (
        <Field label={label} error={error}>
          {(control) => (
            <textarea
              {...input}
              {...control}
              className={cx(fieldControlClassName, styles.textarea)}
              value={input.value ?? ''}
              rows={3}
              maxLength={maxLength}
              onFocus={(event) => {
                onFocus();
                input.onFocus(event);
              }}
            />
          )}
        </Field>
      )}
    </FinalField>
  );
}

/** Props of {@link UpdateSelect}. */
export interface UpdateSelectProps {
  name: string;
  label: string;
  options: readonly string[];
  /** Runs after the form's own change, with the chosen option ('' for none). */
  onPick?: (value: string) => void;
}

/** A labelled native select with 'Select…' first, otherwise as {@link UpdateTextField}. */
export function UpdateSelect({ name, label, options, onPick }: UpdateSelectProps) {
  const { error, onFocus } = useShownError(name);
  return (
    <FinalField<string> name={name} parse={(value) => value}>
      {({ input }) => (
        <Field label={label} error={error}>
          {(control) => (
            <select
              {...control}
              className={fieldControlClassName}
              name={input.name}
              value={input.value ?? ''}
              onChange={(event) => {
                input.onChange(event.target.value);
                onPick?.(event.target.value);
              }}
              onFocus={() => {
                onFocus();
                input.onFocus();
              }}
              onBlur={() => input.onBlur()}
            >
              <option value="">Select…</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </FinalField>
  );
}
