import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './class-names';
import styles from './field.module.css';

/** What {@link Field} hands its control so the label, hint and error are linked to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** Always shown: every control has a visible label. */
  label: ReactNode;
  /** Error text; a falsy value means valid. */
  error?: string | false | null;
  /** Help text under the label. */
  hint?: ReactNode;
  /** The control's id; generated when omitted. */
  id?: string;
  className?: string;
  /** Renders the control with the given ids and states spread on it. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label + control + hint + error, wired for assistive technology: the label names the
 * control, the hint and error describe it (aria-describedby), aria-invalid marks an error.
 */
export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props of {@link TextField}: native input attributes plus label, hint and error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  error?: string | false | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input (type text, email, tel, number...). */
export function TextField({ label, error, hint, id, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input ref={ref} className={styles.input} type="text" {...input} {...control} />}
    </Field>
  );
}

/** Class names used by sibling primitives that render their own input. */
export const fieldStyles = styles;

/**
 * The look of the text input, for a native control a screen renders itself inside a `Field`
 * (a `<select>`), so every control of a form has one border, padding and invalid state.
 */
export const fieldControlClassName: string | undefined = styles.input;
