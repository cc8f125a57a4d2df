import { useState } from 'react';
import { useDocumentTitle, Link } from '@pod/shared-contracts';
import { AuthPage, authPageStyles as styles, FocusedHeading } from '../components/auth-page';
import { SendResetLinkForm } from '../features/forgot-password/send-reset-link-form';

/** `/forgot-password`: e-mail entry, then the 'Check your email' confirmation. */
export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) {
    return (
      <AuthPage>
        <FocusedHeading>Check your email</FocusedHeading>
        <p>
          If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password. The link can
          be used once and expires after an hour.
        </p>
        <p className={styles.links}>
          <Link to="/login">Back to login</Link>
        </p>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <h1>Forgot password</h1>
      <p className={styles.lead}>
        Enter the email address you registered with and we will send you a link to reset your password.
      </p>
      <SendResetLinkForm onSent={setSentTo} />
      <p className={styles.links}>
        <Link to="/login">Back to login</Link>
      </p>
    </AuthPage>
  );
}
