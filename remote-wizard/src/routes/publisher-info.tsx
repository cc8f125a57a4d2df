import { useMemo, useState } from 'react';
import { useCurrentUser, useDocumentTitle } from '@pod/shared-contracts';
import { stripPhone } from '../components/countries';
import { WizardProgress } from '../components/wizard-progress';
import { useResumeLink } from '../lib/resume';
import { useResumedBookDetails } from '../lib/use-resumed-book';
import { readSavedProfile } from '../lib/saved-profile';
import type { BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { GoHomePrompt } from '../features/publisher-info/go-home-prompt';
import {
  readPublisherDraft,
  writePublisherDraft,
  type PublisherTextField,
} from '../features/publisher-info/publisher-draft';
import { PublisherForm, type SelfPublisher } from '../features/publisher-info/publisher-form';
import { flowName } from './flow-name';

/**
 * `{base}/publisher-info`: Publisher Details. Opened by a resume link (the library's 'Continue
 * Upload Process'), it first stores that book in the draft. The form starts from the draft with
 * the profile's saved values over it (those fields locked); Continue stores the details, marks
 * the stage completed and opens bank-details; Back asks whether to go home.
 */
export function PublisherInfoScreen({ base }: { base: BasePath }) {
  // First: a resume link writes the draft the hooks below read.
  useResumedBookDetails(useResumeLink('publisher-info'));
  useDocumentTitle(`${flowName(base)}: Publisher Details`);
  const { continueLabel, complete } = useStageFlow(base, 'publisher-info');
  const user = useCurrentUser();
  const [leaving, setLeaving] = useState(false);
  const misc = user?.misc;

  // Re-read when the saved profile changes (the user is refreshed after the quote); the draft is
  // written on every change, so a re-read loses nothing typed.
  const { initialValues, locked } = useMemo(() => {
    const saved = readSavedProfile({ misc }).publisher;
    if (saved.publisherTelephone) saved.publisherTelephone = stripPhone(saved.publisherTelephone);
    return {
      initialValues: { ...readPublisherDraft(), ...saved },
      locked: new Set(Object.keys(saved) as PublisherTextField[]),
    };
  }, [misc]);

  const firstName = user?.name_first ?? user?.firstname ?? '';
  const lastName = user?.name_last ?? user?.lastname ?? '';
  const email = user?.email ?? '';
  const self = useMemo(
    (): SelfPublisher | null => (user ? { name: `${firstName} ${lastName}`.trim(), email } : null),
    [user, firstName, lastName, email],
  );

  return (
    <>
      <h1>Publisher Details</h1>
      <WizardProgress stage="publisher-info" />
      <PublisherForm
        initialValues={initialValues}
        locked={locked}
        self={self}
        continueLabel={continueLabel}
        onChange={writePublisherDraft}
        onContinue={(values) => {
          writePublisherDraft(values);
          complete();
        }}
        onBack={() => setLeaving(true)}
      />
      <GoHomePrompt open={leaving} onStay={() => setLeaving(false)} />
    </>
  );
}
