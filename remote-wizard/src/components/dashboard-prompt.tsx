import type { ReactNode } from 'react';
import { Button, Modal, useNavigate } from '@pod/shared-contracts';

/** Where every leave prompt of the wizard leads. */
const DASHBOARD = '/dashboard';

/** Props of {@link DashboardPrompt}. */
export interface DashboardPromptProps {
  open: boolean;
  onStay: () => void;
  /** The question (the dialog's name). */
  title: string;
  /** The leave button: 'Yes, go back' or 'Yes, take me home' as the spec words each prompt. */
  leaveLabel: string;
  /** Replace the wizard's history entry (a finished wizard is not one to come back to). */
  replace?: boolean;
  children: ReactNode;
}

/**
 * The wizard's prompts that offer to leave for the dashboard: 'No, stay here' closes, the leave
 * button opens /dashboard. The draft stays in browser storage either way.
 */
export function DashboardPrompt({ open, onStay, title, leaveLabel, replace = false, children }: DashboardPromptProps) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onStay}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onStay}>
            No, stay here
          </Button>
          <Button type="button" onClick={() => navigate(DASHBOARD, { replace })}>
            {leaveLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** The metadata prompt's question (spec section 2), also used where the spec names a prompt without words. */
export const LEAVE_TO_DASHBOARD = 'Do you wish to go back to the dashboard?';
