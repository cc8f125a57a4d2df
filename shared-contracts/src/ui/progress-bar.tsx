import { useId } from 'react';
import { cx } from './class-names';
import styles from './progress-bar.module.css';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** Current value, clamped to 0..max. */
  value: number;
  /** Visible label naming the progress bar. */
  label: string;
  /** Defaults to 100. */
  max?: number;
  className?: string;
}

/** A determinate progress bar (role="progressbar" with aria-valuenow), labelled. */
export function ProgressBar({ value, label, max = 100, className }: ProgressBarProps) {
  const labelId = useId();
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  return (
    <div className={cx(styles.wrapper, className)}>
      <span className={styles.label} id={labelId}>
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={clamped}
        aria-valuetext={`${percent}%`}
        className={styles.track}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
