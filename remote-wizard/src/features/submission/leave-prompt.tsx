import { DashboardPrompt, LEAVE_TO_DASHBOARD } from '../../components/dashboard-prompt';

/**
 * The prompt of the browser's back button on Submission complete (spec section 2): going back
 * leads to the dashboard, not into the finished wizard. The words are the metadata prompt's.
 */
export function LeaveForDashboard({ open, onStay }: { open: boolean; onStay: () => void }) {
  return (
    <DashboardPrompt open={open} onStay={onStay} title={LEAVE_TO_DASHBOARD} leaveLabel="Yes, go back" replace>
      <p>Your book is in your cart; you can pay for it from the cart at any time.</p>
    </DashboardPrompt>
  );
}
