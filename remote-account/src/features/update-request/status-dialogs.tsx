import { Button, buttonClassName, Modal, Spinner, Link } from '@pod/shared-contracts';
import styles from './update-request.module.css';

/** The success dialog's name: the specification's sentence (and the server's description). */
export const REQUEST_SUBMITTED = 'Your request has been successfully submitted.';

/** The alert of a request that never got an answer (account-area.md section 8). */
export const SEND_ERROR_MESSAGE = 'Error sending request to admin.';

/**
 * 'Pending request': a request is still waiting for review (user_confirmation 1) and a new one
 * replaces it on the server, so Update asks first.
 */
export function OverwriteDialog({
  open,
  onContinue,
  onCancel,
}: {
  open: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Pending request"
      onClose={onCancel}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" onClick={onContinue}>
            Continue
          </Button>
        </>
      }
    >
      <p>You already have an update request waiting for review. Sending a new request will replace the waiting one.</p>
    </Modal>
  );
}

/** 'Please wait...' while the request is on its way; it cannot be dismissed. */
export function WaitDialog({ open }: { open: boolean }) {
  return (
    <Modal open={open} title="Please wait..." onClose={() => undefined}>
      <div className={styles.waiting}>
        <Spinner label="Sending your request" />
        <p>Sending your request to our team.</p>
      </div>
    </Modal>
  );
}

/** The success dialog; the form goes to /profile 2 s after it opens (or at once on Escape or the link). */
export function SentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={REQUEST_SUBMITTED}
      onClose={onClose}
      footer={
        <Link className={buttonClassName('secondary')} to="/profile">
          Back to profile
        </Link>
      }
    >
      <p>Our team will review your changes. Taking you back to your profile…</p>
    </Modal>
  );
}

/** 'Request failed': the server answered but did not store the request. */
export function FailedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="Request failed"
      onClose={onClose}
      footer={
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p>Your request could not be submitted. Please kindly try again later.</p>
    </Modal>
  );
}
