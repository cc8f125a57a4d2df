import { DashboardPrompt } from '../../components/dashboard-prompt';

/**
 * Back on Publisher Details (new-book-wizard.md section 2): the book's specifications are saved
 * with the quote, so going back cannot change them; the author stays or goes home.
 */
export function GoHomePrompt({ open, onStay }: { open: boolean; onStay: () => void }) {
  return (
    <DashboardPrompt open={open} onStay={onStay} title="Do you wish to go back?" leaveLabel="Yes, take me home">
      <p>
        Your book specifications are final and cannot be altered. To change them, the upload process must be started
        anew.
      </p>
    </DashboardPrompt>
  );
}
