import { SUPPORT_EMAIL, useCurrentUser, useDocumentTitle, Link } from '@pod/shared-contracts';
import { AuthPage, authPageStyles as styles } from '../components/auth-page';

/**
 * `/activate-account-info`: where the host holds a registered but unactivated user
 * (user_status 0). 'Back to login' is a plain link: it logs nothing out.
 */
export function ActivateAccountInfoScreen() {
  useDocumentTitle('Activate your account');
  const email = useCurrentUser()?.email;
  return (
    <AuthPage>
      <h1>Activate Your Account</h1>
      <p>
        Your account has not been activated yet. Please follow the link we sent to{' '}
        {email ? <strong>{email}</strong> : 'your email address'} to activate your account before logging in.
      </p>
      <p>
        No email? Check your spam folder, or contact support at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <p className={styles.links}>
        <Link to="/login">Back to login</Link>
      </p>
    </AuthPage>
  );
}
