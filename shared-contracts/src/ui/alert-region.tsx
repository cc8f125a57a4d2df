import { dismissAlert, useAlerts } from '../alerts';
import { AlertBar } from './alert-bar';
import { cx } from './class-names';
import styles from './alert-region.module.css';

/**
 * The shell's alert bars: every alert raised anywhere (`raiseAlert`) until dismissed.
 * The host renders it once; a remote renders it only in its standalone shell.
 */
export function AlertRegion({ className }: { className?: string }) {
  const alerts = useAlerts();
  if (alerts.length === 0) return null;
  return (
    <div className={cx(styles.region, className)}>
      {alerts.map((alert) => (
        <AlertBar
          key={alert.id}
          variant={alert.variant}
          title={alert.title}
          message={alert.message}
          onDismiss={() => dismissAlert(alert.id)}
        />
      ))}
    </div>
  );
}
