import { useMemo } from 'react';
import { useCurrentUser, useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { readSavedProfile } from '../lib/saved-profile';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { readBankDraft, writeBankDraft, type BankTextField } from '../features/bank-details/bank-draft';
import { BankForm } from '../features/bank-details/bank-form';
import { flowName } from './flow-name';

/**
 * `{base}/bank-details`: Your Bank Details. The form starts from the draft with the profile's
 * saved bank values over it (those fields locked; saved details also fix local or international,
 * and a saved PayPal address ticks 'I have a PayPal account'). Proceed in the confirmation stores
 * the details, marks the stage completed and opens accept-terms; Back opens publisher-info.
 */
export function BankDetailsScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Your Bank Details`);
  const navigate = useNavigate();
  const { continueLabel, complete } = useStageFlow(base, 'bank-details');
  const misc = useCurrentUser()?.misc;

  // Re-read when the saved profile changes; the draft is written on every change, so nothing typed is lost.
  const { initialValues, locked, regionLocked } = useMemo(() => {
    const saved = readSavedProfile({ misc });
    const fields = Object.keys(saved.bank) as BankTextField[];
    const draft = { ...readBankDraft(), ...saved.bank };
    const anySaved = fields.length > 0;
    return {
      initialValues: {
        ...draft,
        isInternationalAccount: anySaved ? saved.bankInternational : draft.isInternationalAccount,
        isPaypalAccount: saved.bank.paypal ? true : draft.isPaypalAccount,
      },
      locked: new Set(fields),
      regionLocked: anySaved,
    };
  }, [misc]);

  return (
    <>
      <h1>Your Bank Details</h1>
      <WizardProgress stage="bank-details" />
      <BankForm
        initialValues={initialValues}
        locked={locked}
        regionLocked={regionLocked}
        continueLabel={continueLabel}
        onChange={writeBankDraft}
        onProceed={(values) => {
          writeBankDraft(values);
          complete();
        }}
        onBack={() => navigate(stagePath(base, 'publisher-info'))}
      />
    </>
  );
}
