import { DashboardPrompt, LEAVE_TO_DASHBOARD } from '../../components/dashboard-prompt';

/**
 * The leave-to-dashboard prompt of Back on the first book-details page. The spec words it for
 * the metadata screen only; the same words serve here (README, Decisions).
 */
export function LeavePrompt({ open, onStay }: { open: boolean; onStay: () => void }) {
  return (
    <DashboardPrompt open={open} onStay={onStay} title={LEAVE_TO_DASHBOARD} leaveLabel="Yes, go back">
      <p>Your book details are kept; you can continue them from the wizard later.</p>
    </DashboardPrompt>
  );
}
