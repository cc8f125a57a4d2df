import type { ReactNode } from 'react';
import type { AlertVariant } from '../alerts';
import { cx } from './class-names';
import styles from './alert-bar.module.css';

/** Props of {@link AlertBar}. */
export interface AlertBarProps {
  variant: AlertVariant;
  message: ReactNode;
  title?: string;
  /** Shows a 'Dismiss' button when given. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * One alert bar (info, success, warning, danger). Danger and warning interrupt
 * (role="alert"); info and success are polite (role="status").
 */
export function AlertBar({ variant, message, title, onDismiss, className }: AlertBarProps) {
  const role = variant === 'danger' || variant === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={cx(styles.alert, styles[variant], className)}>
      <div className={styles.body}>
        {title ? <strong className={styles.title}>{title}</strong> : null}
        <p className={styles.message}>{message}</p>
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
