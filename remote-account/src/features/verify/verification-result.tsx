import { buttonClassName, Spinner, SUPPORT_EMAIL, Link } from '@pod/shared-contracts';
import type { VerificationState } from './use-account-verification';
import styles from './verify.module.css';

/**
 * The body of /verify: a spinner while verifying, then the specification's success text
 * with 'Login Now', or its failure text with a 'Contact support' mail link. It sits in a
 * polite live region so the outcome is announced when it replaces the spinner.
 */
export function VerificationResult({ state }: { state: VerificationState }) {
  return (
    <div aria-live="polite" className={styles.result}>
      {state === 'verifying' ? <Spinner label="Verifying your account" /> : null}
      {state === 'verified' ? (
        <>
          <p>Congratulations your account has been verified. Click login to login and access your account.</p>
          <p className={styles.actions}>
            <Link className={buttonClassName('primary')} to="/login">
              Login Now
            </Link>
          </p>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <p>Something went wrong while attempting to verify your account.</p>
          <p className={styles.actions}>
            <a className={buttonClassName('secondary')} href={`mailto:${SUPPORT_EMAIL}`}>
              Contact support
            </a>
          </p>
        </>
      ) : null}
    </div>
  );
}
