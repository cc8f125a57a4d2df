import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field, useField } from 'react-final-form';
import { Field as LabelledField, fieldControlClassName } from '@pod/shared-contracts';
import { PhoneInput } from './phone-input';
import { shownFieldError } from './search-select';
import styles from './profile-fields.module.css';

/**
 * Form fields of the publisher and bank stages, whose values a saved profile may lock (the
 * spec's read-only details, changed only through the profile's Update Request). A locked field
 * is read-only (still focusable, read and submitted), not disabled.
 */

/** The id of the lock note, which every locked field names as its description. */
export const LOCKED_NOTE_ID = 'wizard-locked-note';

/** The spec's note over locked fields; shown once per form, when any field is locked. */
export function LockedNote({ children }: { children: ReactNode }) {
  return (
    <p id={LOCKED_NOTE_ID} className={styles.note}>
      {children}
    </p>
  );
}

/** Props of {@link ProfileTextField}. */
export interface ProfileTextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'onChange' | 'children'
> {
  name: string;
  label: string;
  /** Read-only: a saved profile value, or a value kept in step with another field. */
  locked?: boolean;
  /** Said by the field (e.g. why it is locked); the lock note when omitted on a locked field. */
  describedBy?: string;
  /** Runs after the form's own change, with the typed value. */
  onValue?: (value: string) => void;
  /** Keeps part of a keystroke, e.g. digits only. */
  parse?: (value: string) => string;
  /** Help text under the label. */
  hint?: ReactNode;
}

/** A labelled text input wired to react-final-form, its message shown once touched or after a failed Continue. */
export function ProfileTextField({
  name,
  label,
  locked,
  describedBy,
  onValue,
  parse,
  hint,
  ...attributes
}: ProfileTextFieldProps) {
  return (
    <Field<string> name={name} parse={parse ? (value) => parse(value ?? '') : (value) => value}>
      {({ input, meta }) => {
        const error = shownFieldError(meta);
        const extra = describedBy ?? (locked ? LOCKED_NOTE_ID : undefined);
        return (
          <LabelledField label={label} error={error} hint={hint}>
            {(control) => (
              <input
                className={fieldControlClassName}
                type="text"
                {...attributes}
                {...input}
                {...control}
                aria-describedby={[control['aria-describedby'], extra].filter(Boolean).join(' ') || undefined}
                value={input.value ?? ''}
                readOnly={locked}
                onChange={(event) => {
                  input.onChange(event);
                  onValue?.(parse ? parse(event.target.value) : event.target.value);
                }}
              />
            )}
          </LabelledField>
        );
      }}
    </Field>
  );
}

/** A labelled checkbox wired to react-final-form; `onPick` runs after the form's own change. */
export function ProfileCheckbox({
  name,
  label,
  disabled,
  onPick,
}: {
  name: string;
  label: string;
  disabled?: boolean;
  onPick?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.checkbox}>
      <Field name={name} type="checkbox">
        {({ input }) => (
          <input
            {...input}
            id={id}
            disabled={disabled}
            onChange={(event) => {
              input.onChange(event);
              onPick?.(event.target.checked);
            }}
          />
        )}
      </Field>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A native select wired to react-final-form ('Select…' first); read-only text instead when locked (a saved value may not be an option). */
export function ProfileSelect({
  name,
  label,
  options,
  locked,
  onPick,
}: {
  name: string;
  label: string;
  options: readonly string[];
  locked?: boolean;
  onPick?: (value: string) => void;
}) {
  const { input, meta } = useField<string>(name, {
    subscription: { value: true, error: true, touched: true, submitFailed: true },
  });
  if (locked) return <ProfileTextField name={name} label={label} locked />;
  return (
    <LabelledField label={label} error={shownFieldError(meta)}>
      {(control) => (
        <select
          {...control}
          className={fieldControlClassName}
          name={name}
          value={input.value ?? ''}
          onChange={(event) => {
            input.onChange(event.target.value);
            onPick?.(event.target.value);
          }}
          onFocus={() => input.onFocus()}
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
    </LabelledField>
  );
}

/** The {@link PhoneInput} wired to react-final-form. */
export function ProfilePhoneField({ name, locked }: { name: string; locked?: boolean }) {
  const { input, meta } = useField<string>(name, {
    subscription: { value: true, error: true, touched: true, submitFailed: true },
  });
  return (
    <PhoneInput
      name={name}
      value={input.value ?? ''}
      onChange={(value) => input.onChange(value)}
      onFocus={() => input.onFocus()}
      onBlur={() => input.onBlur()}
      error={shownFieldError(meta)}
      readOnly={locked}
    />
  );
}
