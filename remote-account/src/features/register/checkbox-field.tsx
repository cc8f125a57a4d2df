import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './register.module.css';

/** Props of {@link CheckboxField}: native checkbox attributes plus label and error. */
export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  error?: string | false | null;
}

/**
 * A checkbox with its label beside it and the error linked through aria-describedby
 * (shared-contracts' Field puts the label above its control, which suits text inputs only).
 */
export function CheckboxField({ label, error, id, className, ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  return (
    <div className={className ?? styles.checkboxField}>
      <div className={styles.checkboxRow}>
        <input
          {...input}
          type="checkbox"
          id={controlId}
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor={controlId}>{label}</label>
      </div>
      {error ? (
        <p className={styles.checkboxError} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
