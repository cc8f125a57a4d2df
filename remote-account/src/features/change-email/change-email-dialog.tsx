import { Modal } from '@pod/shared-contracts';
import { ChangeEmailFormView } from './change-email-form';

/** The profile's 'Change e-mail' dialog: the change-e-mail form with a Cancel button. */
export function ChangeEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Change e-mail" onClose={onClose}>
      <ChangeEmailFormView onCancel={onClose} />
    </Modal>
  );
}
