import { useState } from 'react';
import { Button, SUPPORT_EMAIL, useCurrentUser, useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { markStageCompleted } from '../lib/completed-stages';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { readFormatDraft } from '../features/signing/contract-draft';
import { flowName } from './flow-name';

/**
 * `{base}/contract`: Check Your Email. The signed contract was e-mailed; Continue records the
 * stage and opens the metadata, or upload-audio for an audiobook with no recording ordered
 * (its own audio files come next; spec section 2).
 */
export function ContractScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Check Your Email`);
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { continueLabel } = useStageFlow(base, 'contract');
  const [format] = useState(readFormatDraft);
  const ownRecording = format.bookFormat === 'audiobook' && !format.recordingRequired;

  const next = () => {
    markStageCompleted('contract');
    navigate(stagePath(base, ownRecording ? 'upload-audio' : 'metadata'));
  };

  return (
    <>
      <h1>Check Your Email</h1>
      <WizardProgress stage="contract" />
      <p>
        Your signed contract has been e-mailed to you
        {user?.email ? (
          <>
            {' '}
            at <strong>{user.email}</strong>
          </>
        ) : null}
        . Keep it for your records.
      </p>
      <p>
        Questions about your contract? Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <Button onClick={next}>{continueLabel}</Button>
    </>
  );
}
