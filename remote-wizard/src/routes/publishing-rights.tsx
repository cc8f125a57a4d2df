import { useDocumentTitle } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { readDraft, writeDraft } from '../lib/draft-storage';
import type { BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { PublishingRightsForm } from '../features/publishing-rights/publishing-rights-form';
import { parseAnswers } from '../features/publishing-rights/rights';
import { flowName } from './flow-name';

/** The draft field keeping the questionnaire's answers (calc_publishingRights). */
const RIGHTS_FIELD = 'publishingRights';

/** `{base}/publishing-rights`: the first stage; Continue leads to `{base}/general-info`. */
export function PublishingRightsScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Publishing Rights`);
  const { continueLabel, complete } = useStageFlow(base, 'publishing-rights');
  return (
    <>
      <h1>Publishing Rights</h1>
      <WizardProgress stage="publishing-rights" />
      <PublishingRightsForm
        initialAnswers={parseAnswers(readDraft<unknown>(RIGHTS_FIELD, null))}
        continueLabel={continueLabel}
        onContinue={(answers) => {
          writeDraft(RIGHTS_FIELD, answers);
          complete();
        }}
        goBackTo={base}
        onGoBack={() => writeDraft(RIGHTS_FIELD, undefined)}
      />
    </>
  );
}
