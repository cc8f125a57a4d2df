import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '@pod/shared-contracts';
import styles from './auth-page.module.css';

/** Class names of the auth card's parts (lead paragraph, link row, action row) for screens to reuse. */
export const authPageStyles = styles;

/**
 * The centred card of the signed-out screens (login, registration, verification,
 * passwords, activation). The host hides its sidebar and top bar on these paths, so the
 * card carries the product name itself.
 */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <p className={styles.brand}>Print on Demand</p>
      <Card as="div" size="spacious" className={styles.card}>
        {children}
      </Card>
    </div>
  );
}

/**
 * The h1 of a view that replaces a form (a confirmation, a success view). It takes focus
 * when it appears, because the button that had focus has just been removed and keyboard
 * and screen-reader users would otherwise be left at the top of the document.
 */
export function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
