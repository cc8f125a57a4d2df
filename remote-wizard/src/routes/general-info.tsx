import { useEffect, useState } from 'react';
import { useDocumentTitle, Navigate, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { markStageCompleted, readCompletedStages, isRawUpload } from '../lib/completed-stages';
import { progressPercent, stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { useBrowserBackPrompt } from '../lib/use-browser-back-prompt';
import { BookDetailsPageOne } from '../features/book-details/book-details-page-one';
import {
  readBookDraft,
  rememberDetailsPage,
  rememberedDetailsPage,
  writeBookDraft,
} from '../features/book-details/book-draft';
import { detailsPageStage } from '../features/book-details/pages';
import { RoyaltyWidget } from '../features/royalty-widget/royalty-widget';
import { toRoyaltyDraft } from '../features/royalty-widget/royalty-draft';
import { flowName } from './flow-name';

/**
 * `{base}/general-info`: page 1 of the book details. Entered with page 2 or 3 remembered (the
 * spec keeps the page in browser storage), it opens that page. Continue leads to the format's
 * page 2; Back and the browser's back button open the leave-to-dashboard prompt.
 */
export function GeneralInfoScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Book details`);
  const navigate = useNavigate();
  const { continueLabel } = useStageFlow(base, 'general-info');
  // Read once: a later render must not hand the form new initial values while it is being edited.
  const [draft] = useState(readBookDraft);
  const [remembered] = useState(rememberedDetailsPage);
  const resume = remembered !== 1 && draft.bookFormat !== undefined;
  const [leaving, setLeaving] = useState(false);
  // Only one step done: the widget floats, as on the calculator (spec, "Royalty widget").
  const [floating] = useState(() => readCompletedStages().length <= 1);
  useBrowserBackPrompt(() => setLeaving(true), !resume);
  useEffect(() => {
    if (!resume) rememberDetailsPage(1);
  }, [resume]);

  if (resume) return <Navigate to={stagePath(base, detailsPageStage(remembered, draft.bookFormat))} replace />;

  return (
    <>
      <h1>Book details</h1>
      <WizardProgress stage="general-info" />
      <BookDetailsPageOne
        initialValues={draft}
        continueLabel={continueLabel}
        leaving={leaving}
        onLeavingChange={setLeaving}
        onChange={writeBookDraft}
        onContinue={(values) => {
          writeBookDraft(values);
          markStageCompleted('general-info');
          rememberDetailsPage(2);
          // Replace the back-button guard's entry, so back from page 2 lands on page 1 once.
          navigate(stagePath(base, detailsPageStage(2, values.bookFormat)), { replace: true });
        }}
        aside={(values) => (
          <RoyaltyWidget
            draft={toRoyaltyDraft(values)}
            progress={progressPercent('general-info', isRawUpload())}
            floating={floating}
          />
        )}
      />
    </>
  );
}
