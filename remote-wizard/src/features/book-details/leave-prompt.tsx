import { Button, Modal } from '@pod/shared-contracts';
import { useNavigate } from 'react-router-dom';

/** Where 'Yes, go back' leads. */
const DASHBOARD = '/dashboard';

/**
 * The leave-to-dashboard prompt of Back on the first book-details page. The spec words it for
 * the metadata screen only; the same words serve here (README, Decisions).
 */
export function LeavePrompt({ open, onStay }: { open: boolean; onStay: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title="Do you wish to go back to the dashboard?"
      onClose={onStay}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onStay}>
            No, stay here
          </Button>
          <Button type="button" onClick={() => navigate(DASHBOARD)}>
            Yes, go back
          </Button>
        </>
      }
    >
      <p>Your book details are kept; you can continue them from the wizard later.</p>
    </Modal>
  );
}
