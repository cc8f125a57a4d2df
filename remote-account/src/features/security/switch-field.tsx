import { useId, type ReactNode } from 'react';
import styles from './security.module.css';

export interface SwitchFieldProps {
  /** The visible label; it names the switch. */
  label: string;
  /** A sentence under the label saying what the switch does. */
  hint?: ReactNode;
  checked: boolean;
  /** While a change is being saved: the switch cannot be flipped again. */
  busy?: boolean;
  /** The state the user asked for (the owner decides what `checked` becomes). */
  onChange: (checked: boolean) => void;
}

/**
 * An on/off setting: a native checkbox with role="switch" (announced as a switch, on or off),
 * a visible label and an optional description. Controlled: it shows `checked`, so a change
 * that still needs confirming (a dialog) does not flip it early.
 */
export function SwitchField({ label, hint, checked, busy = false, onChange }: SwitchFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.setting}>
      <div className={styles.settingText}>
        <label htmlFor={id} className={styles.settingLabel}>
          {label}
        </label>
        {hint ? (
          <p id={hintId} className={styles.settingHint}>
            {hint}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
