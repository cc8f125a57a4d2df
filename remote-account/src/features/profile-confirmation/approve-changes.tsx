import { useState } from 'react';
import { Button, logout, Modal, useInvalidate, type User } from '@pod/shared-contracts';
import { approveUserChanges } from './api/approve-user-changes';
import styles from './profile-confirmation.module.css';

/** The approval's failure text, word for word (account-area.md section 8). */
export const APPROVAL_FAILED = 'Request failed ... Please kindly try again later.';
/** What /login shows after the approval (the user is logged out by then). */
export const APPROVED_NOTICE =
  'Thank you, the changes to your account are approved. Please log in again to continue with your updated details.';

type Phase = 'idle' | 'waiting' | 'failed';

/**
 * 'Approve': PUT /user/userapproved with the stored user while the 'Please wait...' dialog
 * shows (it cannot be dismissed). HTTP 200 is success: the user is logged out (the server has
 * ended every session) and /login says the changes were approved. Anything else opens the
 * 'Request failed' dialog with the specification's sentence, and the user is read again (a 409
 * means the stored flags were out of date).
 */
export function ApproveChanges({ user }: { user: User }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const invalidate = useInvalidate();

  const approve = async () => {
    setPhase('waiting');
    try {
      await approveUserChanges(user);
    } catch {
      setPhase('failed');
      void invalidate('userChanged');
      return;
    }
    await logout({ notice: { variant: 'success', title: 'Changes approved', message: APPROVED_NOTICE } });
  };

  return (
    <>
      <div className={styles.actions}>
        <Button onClick={() => void approve()} busy={phase === 'waiting'}>
          Approve
        </Button>
      </div>
      <Modal open={phase === 'waiting'} title="Please wait..." onClose={() => undefined}>
        <p>We are recording your approval.</p>
      </Modal>
      <Modal
        open={phase === 'failed'}
        title="Request failed"
        onClose={() => setPhase('idle')}
        footer={
          <Button autoFocus onClick={() => setPhase('idle')}>
            Close
          </Button>
        }
      >
        <p>{APPROVAL_FAILED}</p>
      </Modal>
    </>
  );
}
