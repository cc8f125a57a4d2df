import { useState } from 'react';
import { useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { readDraft, writeDraft } from '../lib/draft-storage';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { CoverRequirementsForm } from '../features/cover-requirements/cover-requirements-form';
import { SERVICE_FIELDS, type ServiceField } from '../features/cover-requirements/services';
import { flowName } from './flow-name';

/** The stored service flags; anything but true counts as not chosen. */
function readServices(): Partial<Record<ServiceField, boolean>> {
  return Object.fromEntries(SERVICE_FIELDS.map((field) => [field, readDraft<unknown>(field, false) === true]));
}

/**
 * `{base}/confirm-bleed-cover`: Cover Requirements. The services of the draft's format; going on
 * stores each offered service's flag, marks the stage and opens upload-assets. Back: metadata.
 */
export function ConfirmBleedCoverScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Cover Requirements`);
  const navigate = useNavigate();
  const { continueLabel, complete } = useStageFlow(base, 'confirm-bleed-cover');
  const [format] = useState(() => {
    const stored = readDraft<unknown>('bookFormat', null);
    return typeof stored === 'string' ? stored : undefined;
  });
  const [initial] = useState(readServices);
  return (
    <>
      <h1>Cover Requirements</h1>
      <WizardProgress stage="confirm-bleed-cover" />
      <p>Tick the services you would like us to do for you.</p>
      <CoverRequirementsForm
        format={format}
        initial={initial}
        continueLabel={continueLabel}
        onBack={() => navigate(stagePath(base, 'metadata'))}
        onProceed={(chosen) => {
          for (const [field, value] of Object.entries(chosen)) writeDraft(field, value);
          complete();
        }}
      />
    </>
  );
}
