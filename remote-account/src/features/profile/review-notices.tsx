import { AlertBar, type User, Link } from '@pod/shared-contracts';
import styles from './profile.module.css';

/** The link's accessible name. */
export const REVIEW_CHANGES_LINK = 'Review and approve the changes';

/**
 * The profile's review states: an update request waiting for the admins (user_confirmation 1)
 * and changes an admin applied that the user must approve (admin_confirmation 1, a link to
 * /profile-confirmation?currentUser={id}). Nothing when neither applies.
 */
export function ReviewNotices({ user }: { user: User }) {
  const waiting = user.user_confirmation === 1;
  const toApprove = user.admin_confirmation === 1;
  if (!waiting && !toApprove) return null;
  return (
    <div className={styles.notices}>
      {waiting ? (
        <AlertBar
          variant="info"
          message="Your update request is waiting for review. We will let you know when our team has looked at it."
        />
      ) : null}
      {toApprove ? (
        <AlertBar
          variant="info"
          message={
            <>
              Our team has applied changes to your account.{' '}
              <Link to={`/profile-confirmation?currentUser=${encodeURIComponent(String(user.id))}`}>
                {REVIEW_CHANGES_LINK}
              </Link>
            </>
          }
        />
      ) : null}
    </div>
  );
}
