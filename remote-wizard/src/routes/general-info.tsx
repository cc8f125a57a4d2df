import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import type { BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { BookDetailsPageOne } from '../features/book-details/book-details-page-one';
import { readPageOne, rememberDetailsPage, writePageOne } from '../features/book-details/page-one-draft';
import { flowName } from './flow-name';

/** `{base}/general-info`: page 1 of the book details; Continue leads to `{base}/calculator` (page 2). */
export function GeneralInfoScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Book details`);
  const { continueLabel, complete } = useStageFlow(base, 'general-info');
  // Read once: a later render must not hand the form new initial values while it is being edited.
  const [draft] = useState(readPageOne);
  useEffect(() => rememberDetailsPage(1), []);
  return (
    <>
      <h1>Book details</h1>
      <WizardProgress stage="general-info" />
      <BookDetailsPageOne
        initialValues={draft}
        continueLabel={continueLabel}
        onChange={writePageOne}
        onContinue={(values) => {
          writePageOne(values);
          complete();
        }}
      />
    </>
  );
}
