import { useNavigate } from 'react-router-dom';
import { Button, Modal } from '@pod/shared-contracts';

/** Where 'Yes, take me home' leads. */
const DASHBOARD = '/dashboard';

/**
 * Back on Publisher Details (new-book-wizard.md section 2): the book's specifications are saved
 * with the quote, so going back cannot change them; the author stays or goes home.
 */
export function GoHomePrompt({ open, onStay }: { open: boolean; onStay: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title="Do you wish to go back?"
      onClose={onStay}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onStay}>
            No, stay here
          </Button>
          <Button type="button" onClick={() => navigate(DASHBOARD)}>
            Yes, take me home
          </Button>
        </>
      }
    >
      <p>
        Your book specifications are final and cannot be altered. To change them, the upload process must be started
        anew.
      </p>
    </Modal>
  );
}
