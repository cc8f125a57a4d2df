import { useNavigate } from 'react-router-dom';
import { Button, Modal } from '@pod/shared-contracts';

/**
 * The prompt of the browser's back button on Submission complete (spec section 2): going back
 * leads to the dashboard, not into the finished wizard. The words are the metadata prompt's.
 */
export function LeaveForDashboard({ open, onStay }: { open: boolean; onStay: () => void }) {
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
          <Button type="button" onClick={() => navigate('/dashboard', { replace: true })}>
            Yes, go back
          </Button>
        </>
      }
    >
      <p>Your book is in your cart; you can pay for it from the cart at any time.</p>
    </Modal>
  );
}
