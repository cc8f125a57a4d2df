import { useState } from 'react';
import { useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { ChoiceList } from '../components/choice-list';
import { StageActions } from '../components/stage-actions';
import { WizardProgress } from '../components/wizard-progress';
import { readDraft, writeDraft } from '../lib/draft-storage';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import {
  PAYMENT_METHOD_FIELD,
  PAYMENT_METHODS,
  toPaymentMethod,
  type PaymentMethod,
} from '../features/submission/payment-methods';
import { flowName } from './flow-name';

/**
 * `{base}/payment-method`: Select Payment Method (credit card, EFT, PayPal). Continue stores
 * `calc_paymentMethod`, marks the stage and opens submission-complete; the payment itself runs
 * in the checkout's cart.
 */
export function PaymentMethodScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Select Payment Method`);
  const navigate = useNavigate();
  const { continueLabel, complete } = useStageFlow(base, 'payment-method');
  const [method, setMethod] = useState<PaymentMethod>(() => toPaymentMethod(readDraft(PAYMENT_METHOD_FIELD, null)));
  return (
    <>
      <h1>Select Payment Method</h1>
      <WizardProgress stage="payment-method" />
      <ChoiceList
        legend="Payment method"
        type="radio"
        choices={PAYMENT_METHODS}
        selected={[method]}
        onToggle={(value) => setMethod(toPaymentMethod(value))}
      />
      <p>You pay for your book in the cart, after the next step.</p>
      <StageActions
        continueLabel={continueLabel}
        onBack={() => navigate(stagePath(base, 'accept-terms-additional'))}
        onContinue={() => {
          writeDraft(PAYMENT_METHOD_FIELD, method);
          complete();
        }}
      />
    </>
  );
}
