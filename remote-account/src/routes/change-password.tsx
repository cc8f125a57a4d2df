import { Card, useDocumentTitle, Link } from '@pod/shared-contracts';
import { ChangePasswordFormView } from '../features/change-password/change-password-form';
import styles from '../features/profile/profile.module.css';

/** `/profile/change-password`: a new password for the signed-in user; success logs out. */
export function ChangePasswordScreen() {
  useDocumentTitle('Change password');
  return (
    <div className={styles.narrow}>
      <h1>Change password</h1>
      <Card size="spacious">
        <p className={styles.muted}>You will be logged out when your password has been changed.</p>
        <ChangePasswordFormView />
      </Card>
      <p className={styles.back}>
        <Link to="/profile">Back to profile</Link>
      </p>
    </div>
  );
}
