import { useMemo } from 'react';
import { Card, useDocumentTitle, Link } from '@pod/shared-contracts';
import { useFreshUser } from '../lib/use-fresh-user';
import { ApproveChanges } from '../features/profile-confirmation/approve-changes';
import { parsePendingChanges, reviewSections } from '../features/profile-confirmation/pending-changes';
import { PendingChangesReview } from '../features/profile-confirmation/pending-changes-review';
import styles from '../features/profile-confirmation/profile-confirmation.module.css';

/** Said when the user has nothing to approve (the server's 409 wording). */
export const NOTHING_TO_APPROVE = 'There are no changes waiting for your approval.';

/**
 * `/profile-confirmation?currentUser={id}`: the changes an admin applied from the user's update
 * request (read from the signed-in user's `pending_changes`, the user read again on arrival),
 * and Approve. The `currentUser` query is only where the dashboard's redirect points: the
 * page shows the signed-in user's own changes whatever it says, as the server acts for the
 * token's user.
 */
export function ProfileConfirmationScreen() {
  useDocumentTitle('Profile confirmation');
  const user = useFreshUser();
  const sections = useMemo(() => reviewSections(parsePendingChanges(user?.pending_changes)), [user?.pending_changes]);
  const waiting = user?.admin_confirmation === 1;

  return (
    <>
      <h1>Profile confirmation</h1>
      {user && waiting ? (
        <>
          <p className={styles.lead}>
            Our team has applied the changes you asked for. Please check them and approve them. You will be logged out
            and can log in again with your updated details.
          </p>
          {sections.length > 0 ? (
            <PendingChangesReview sections={sections} />
          ) : (
            <Card size="spacious">
              <p>The details of these changes are not available. Approve to accept them as applied to your account.</p>
            </Card>
          )}
          <ApproveChanges user={user} />
        </>
      ) : (
        <Card size="spacious">
          <p>{NOTHING_TO_APPROVE}</p>
          <p>
            <Link to="/profile">Back to profile</Link>
          </p>
        </Card>
      )}
    </>
  );
}
