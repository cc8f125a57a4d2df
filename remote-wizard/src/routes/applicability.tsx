import { useState } from 'react';
import { useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { StageActions } from '../components/stage-actions';
import { WizardProgress } from '../components/wizard-progress';
import { markStageCompleted, readCompletedStages } from '../lib/completed-stages';
import { readDraft } from '../lib/draft-storage';
import { nextStage, previousStage, stagePath, type BasePath } from '../lib/stages';
import { flowName } from './flow-name';

/** The two names of the screen; the ordered one is recorded as completed. */
export type ApplicabilityStage = 'accept-terms-additional' | 'applicability';

/**
 * `{base}/accept-terms-additional` and `{base}/applicability`: Applicability of Terms and
 * Conditions. Continue marks the stage completed and opens submission-complete; a stage completed
 * before goes forward in the order instead (payment-method), as the spec says. The
 * material-submission terms show for print books only.
 */
export function ApplicabilityScreen({ base, stage }: { base: BasePath; stage: ApplicabilityStage }) {
  useDocumentTitle(`${flowName(base)}: Applicability of Terms and Conditions`);
  const navigate = useNavigate();
  const [completed] = useState(() => {
    const done = readCompletedStages();
    return done.includes('accept-terms-additional') || done.includes('applicability');
  });
  const [print] = useState(() => readDraft<unknown>('bookFormat', null) === 'print');
  const back = previousStage(stage);
  return (
    <>
      <h1>Applicability of Terms and Conditions</h1>
      <WizardProgress stage={stage} />
      <p>
        The terms and conditions you accepted and the contract you signed apply to this title and to every file you
        submitted for it.
      </p>
      <p>
        By continuing you confirm that the files you submitted are final and that you hold the rights to everything in
        them.
      </p>
      {print ? (
        <>
          <h2>Material submission for print</h2>
          <p>
            Your cover and book files are printed as you submitted them. Check the bleed, margins and image resolution
            before you continue: errors in the submitted material are not corrected by us, and a file revision for the
            national platform costs R 250 excl. VAT.
          </p>
        </>
      ) : null}
      <StageActions
        continueLabel={completed ? 'Next' : 'Continue'}
        onBack={() => {
          if (back) navigate(stagePath(base, back));
        }}
        onContinue={() => {
          if (completed) {
            const forward = nextStage(stage);
            if (forward) navigate(stagePath(base, forward));
            return;
          }
          markStageCompleted('accept-terms-additional');
          navigate(stagePath(base, 'submission-complete'));
        }}
      />
    </>
  );
}
