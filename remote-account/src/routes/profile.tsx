import { useState } from 'react';
import { Button, buttonClassName, Card, useDocumentTitle, Link } from '@pod/shared-contracts';
import { useFreshUser } from '../lib/use-fresh-user';
import { ChangeEmailDialog } from '../features/change-email/change-email-dialog';
import { EditDetailsDialog } from '../features/edit-details/edit-details-dialog';
import { ProfileDetails } from '../features/profile/profile-details';
import { ReviewNotices } from '../features/profile/review-notices';
import { SecuritySettings } from '../features/security/security-settings';
import styles from '../features/profile/profile.module.css';

type Dialog = 'details' | 'email' | null;

/**
 * `/profile`: balance, full name and e-mail (the user is read again on arrival), the review
 * notices, links to Update Request and Change password, the 'Edit details' and 'Change e-mail'
 * dialogs, and the security settings (two-factor sign-in, login notifications).
 */
export function ProfileScreen() {
  useDocumentTitle('Profile');
  const user = useFreshUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <h1>Profile</h1>
      {user ? (
        <>
          <ReviewNotices user={user} />
          <div className={styles.grid}>
            <ProfileDetails
              user={user}
              actions={
                <>
                  <Button variant="secondary" onClick={() => setDialog('details')}>
                    Edit details
                  </Button>
                  <Button variant="secondary" onClick={() => setDialog('email')}>
                    Change e-mail
                  </Button>
                </>
              }
            />
            <Card title="Account" size="spacious">
              <p className={styles.muted}>
                Changes to your names, banking or publisher details are reviewed by our team before they apply.
              </p>
              <div className={styles.actions}>
                <Link className={buttonClassName('secondary')} to="/profile/update-users">
                  Update Request
                </Link>
                <Link className={buttonClassName('secondary')} to="/profile/change-password">
                  Change password
                </Link>
              </div>
            </Card>
          </div>
          <SecuritySettings />
          <EditDetailsDialog open={dialog === 'details'} onClose={close} user={user} />
          <ChangeEmailDialog open={dialog === 'email'} onClose={close} />
        </>
      ) : null}
    </>
  );
}
