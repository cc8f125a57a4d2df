import { useId } from 'react';
import { passwordHints, VisuallyHidden } from '@pod/shared-contracts';
import styles from './register.module.css';

/**
 * The live hint list under the registration password: one line per rule, ticked as the
 * user types. Met/unmet is shown by a mark and colour and, for screen readers, in words
 * (': met' / ': not met'), so the state never rests on colour alone.
 */
export function PasswordHintList({ password }: { password: string }) {
  const titleId = useId();
  return (
    <div className={styles.hints}>
      <p className={styles.hintsTitle} id={titleId}>
        Your password needs
      </p>
      <ul className={styles.hintList} aria-labelledby={titleId}>
        {passwordHints(password).map((hint) => (
          <li key={hint.id} className={`${styles.hint} ${hint.met ? styles.met : styles.unmet}`}>
            <span className={styles.mark} aria-hidden="true">
              {hint.met ? '✓' : '✗'}
            </span>
            <span>
              {hint.label}
              <VisuallyHidden>{hint.met ? ': met' : ': not met'}</VisuallyHidden>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
