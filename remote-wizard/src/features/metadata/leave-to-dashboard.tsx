import { DashboardPrompt, LEAVE_TO_DASHBOARD } from '../../components/dashboard-prompt';

/**
 * The leave confirmation of Back on Additional Details (spec section 2): the spec's question and
 * buttons, and where the work can be resumed ('Your Books', then 'Continue Upload Process').
 */
export function LeaveToDashboard({ open, onStay }: { open: boolean; onStay: () => void }) {
  return (
    <DashboardPrompt open={open} onStay={onStay} title={LEAVE_TO_DASHBOARD} leaveLabel="Yes, go back">
      <p>
        What you have entered is kept. You can resume the upload later: open &lsquo;Your Books&rsquo;, then choose
        &lsquo;Continue Upload Process&rsquo;.
      </p>
    </DashboardPrompt>
  );
}
