import { Card, useDocumentTitle, Link } from '@pod/shared-contracts';
import { ChangeEmailFormView } from '../features/change-email/change-email-form';
import styles from '../features/profile/profile.module.css';

/**
 * `/profile/update-email`: the change-e-mail form as a page. The specification's page had a
 * Done button that did nothing (a defect); here it is the profile dialog's form, so Done works
 * the same way: PUT /user/changeemail, then logout with the e-mailed link to follow.
 */
export function UpdateEmailScreen() {
  useDocumentTitle('Update email');
  return (
    <div className={styles.narrow}>
      <h1>Update email</h1>
      <Card size="spacious">
        <ChangeEmailFormView />
      </Card>
      <p className={styles.back}>
        <Link to="/profile">Back to profile</Link>
      </p>
    </div>
  );
}
