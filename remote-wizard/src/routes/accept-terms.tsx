import { useCallback, useState } from 'react';
import { useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { markStageCompleted, readCompletedStages } from '../lib/completed-stages';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { AcceptTermsForm } from '../features/signing/accept-terms-form';
import type { SigningPass } from '../features/signing/use-sign-contract';
import { flowName } from './flow-name';

/**
 * `{base}/accept-terms`: Accept Terms and Sign. The first pass signs the contract and opens
 * Check Your Email ({base}/contract); a second pass (accept-terms already completed, e.g. back
 * through the applicability step) signs the appendix, and it, like any pass under
 * /my-first-book, ends at {base}/submission-complete (spec section 2).
 */
export function AcceptTermsScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Accept Terms and Sign`);
  const navigate = useNavigate();
  const { continueLabel } = useStageFlow(base, 'accept-terms');
  const [pass] = useState<SigningPass>(() => (readCompletedStages().includes('accept-terms') ? 'second' : 'first'));
  const onSigned = useCallback(() => {
    markStageCompleted('accept-terms');
    const finished = pass === 'second' || base === '/my-first-book';
    navigate(stagePath(base, finished ? 'submission-complete' : 'contract'));
  }, [base, navigate, pass]);

  return (
    <>
      <h1>Accept Terms and Sign</h1>
      <WizardProgress stage="accept-terms" />
      <AcceptTermsForm pass={pass} continueLabel={continueLabel} onSigned={onSigned} />
    </>
  );
}
