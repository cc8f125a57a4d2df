import { useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { ChoiceList } from '../components/choice-list';
import { StageActions } from '../components/stage-actions';
import { WizardProgress } from '../components/wizard-progress';
import { UPLOAD_TYPE_FIELD } from '../lib/completed-stages';
import { writeDraft } from '../lib/draft-storage';
import { useResumeLink } from '../lib/resume';
import { useResumedBookDetails } from '../lib/use-resumed-book';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { flowName } from './flow-name';

/** The upload types offered: only PDF for now (spec section 2); raw (docx) is not offered. */
const UPLOAD_TYPES = [
  { value: 'pdf', label: 'PDF', description: 'Upload your finished book and cover as PDF files.' },
] as const;

/**
 * `{base}/upload-type`: Select Upload Type. The one card, PDF, is chosen; Continue stores
 * `calc_rawOrPdf` 'pdf', marks the stage and opens metadata. Back leads to metadata too, as the
 * spec says (the stage before, contract, only continues to metadata itself).
 */
export function UploadTypeScreen({ base }: { base: BasePath }) {
  // A resume link from the library ('Continue Upload Process' of a signed contract) lands here.
  useResumedBookDetails(useResumeLink('upload-type'));
  useDocumentTitle(`${flowName(base)}: Select Upload Type`);
  const navigate = useNavigate();
  const { continueLabel, complete } = useStageFlow(base, 'upload-type');
  return (
    <>
      <h1>Select Upload Type</h1>
      <WizardProgress stage="upload-type" />
      <ChoiceList legend="Upload type" type="radio" choices={UPLOAD_TYPES} selected={['pdf']} onToggle={() => {}} />
      <StageActions
        continueLabel={continueLabel}
        onBack={() => {
          writeDraft(UPLOAD_TYPE_FIELD, 'pdf');
          navigate(stagePath(base, 'metadata'));
        }}
        onContinue={() => {
          writeDraft(UPLOAD_TYPE_FIELD, 'pdf');
          complete();
        }}
      />
    </>
  );
}
