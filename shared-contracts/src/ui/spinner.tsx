import { cx } from './class-names';
import styles from './spinner.module.css';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** What is loading; the accessible name. Defaults to 'Loading'. */
  label?: string;
  className?: string;
}

/** A busy indicator announced politely (role="status", named by `label`). */
export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={cx(styles.spinner, className)}>
      <span className={styles.circle} aria-hidden="true" />
    </div>
  );
}
