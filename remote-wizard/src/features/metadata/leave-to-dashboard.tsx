import { useNavigate } from 'react-router-dom';
import { Button, Modal } from '@pod/shared-contracts';

/** Where 'Yes, go back' leads. */
const DASHBOARD = '/dashboard';

/**
 * The leave confirmation of Back on Additional Details (spec section 2): the spec's question and
 * buttons, and where the work can be resumed ('Your Books', then 'Continue Upload Process').
 */
export function LeaveToDashboard({ open, onStay }: { open: boolean; onStay: () => void }) {
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
      <p>
        What you have entered is kept. You can resume the upload later: open &lsquo;Your Books&rsquo;, then choose
        &lsquo;Continue Upload Process&rsquo;.
      </p>
    </Modal>
  );
}
