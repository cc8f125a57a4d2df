import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text read by assistive technology but not shown on screen. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.visuallyHidden}>{children}</span>;
}
