import { Button } from '@pod/shared-contracts';
import styles from './stage-actions.module.css';

/** Props of {@link StageActions}. */
export interface StageActionsProps {
  onBack: () => void;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Without it the Continue button submits the enclosing form. */
  onContinue?: () => void;
  /** While the step runs: Continue is busy. */
  busy?: boolean;
  /** Continue cannot be used yet (files still uploading, a blocking preflight problem). */
  disabled?: boolean;
}

/** The Back and Continue row at the foot of a wizard stage. */
export function StageActions({ onBack, continueLabel, onContinue, busy, disabled }: StageActionsProps) {
  return (
    <div className={styles.actions}>
      <Button type="button" variant="secondary" onClick={onBack}>
        Back
      </Button>
      <Button type={onContinue ? 'button' : 'submit'} onClick={onContinue} busy={busy} disabled={disabled}>
        {continueLabel}
      </Button>
    </div>
  );
}
