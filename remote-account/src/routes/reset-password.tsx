import { useMemo, useState } from 'react';
import { buttonClassName, useDocumentTitle, Link, useSearchParams } from '@pod/shared-contracts';
import { AuthPage, authPageStyles as styles, FocusedHeading } from '../components/auth-page';
import { parseEmailLink } from '../lib/email-link';
import { NewPasswordForm } from '../features/reset-password/new-password-form';

/** `/reset-password?id=&token=`: set a new password, then the success view linking to /login. */
export function ResetPasswordScreen() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const link = useMemo(() => parseEmailLink(params), [params]);
  const [changed, setChanged] = useState(false);

  if (changed) {
    return (
      <AuthPage>
        <FocusedHeading>Password changed</FocusedHeading>
        <p>Your password has been changed. You can now sign in with your new password.</p>
        <p className={styles.actions}>
          <Link className={buttonClassName('primary')} to="/login">
            Login
          </Link>
        </p>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <h1>Reset Password</h1>
      <p className={styles.lead}>Choose a new password for your account.</p>
      <NewPasswordForm link={link} onChanged={() => setChanged(true)} />
    </AuthPage>
  );
}
