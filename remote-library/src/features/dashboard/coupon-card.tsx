import { useState } from 'react';
import { Form } from 'react-final-form';
import {
  AlertBar,
  Button,
  Card,
  COUPON_MESSAGES,
  CouponCode,
  firstFailure,
  useInvalidate,
} from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { addCoupon } from './api/add-coupon';
import styles from './dashboard.module.css';

interface CouponValues {
  couponCode?: string;
}

type Outcome = { variant: 'success' | 'danger'; message: string } | null;

function validate(values: CouponValues): Partial<Record<keyof CouponValues, string>> {
  const message = firstFailure(CouponCode, values.couponCode ?? '');
  return message ? { couponCode: message } : {};
}

/**
 * Coupon redemption on the dashboard (account-area.md section 5): a blank code is refused
 * before any call; a redeemed code shows the server's description ('Successful') and
 * re-reads the user so the balance card shows the credit; any failure shows the spelling
 * sentence with the support address.
 */
export function CouponCard() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const invalidate = useInvalidate();

  const onSubmit = async (values: CouponValues, form: { restart: () => void }) => {
    setOutcome(null);
    try {
      const reply = await addCoupon(values.couponCode?.trim() ?? '');
      setOutcome({ variant: 'success', message: reply.description || COUPON_MESSAGES.success });
      form.restart();
    } catch {
      setOutcome({ variant: 'danger', message: COUPON_MESSAGES.failure });
      return;
    }
    // The balance changed on the server (the user, the cart's amount due, the transactions);
    // a failed re-read leaves the old figure, nothing more.
    await invalidate('balanceChanged');
  };

  return (
    <Card title="Redeem a coupon" titleId="coupon-card-title" size="spacious">
      <Form<CouponValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate className={styles.couponForm}>
            <FinalTextField name="couponCode" label="Coupon code" autoComplete="off" onFocus={() => setOutcome(null)} />
            <Button type="submit" busy={submitting}>
              Apply
            </Button>
          </form>
        )}
      />
      {outcome ? <AlertBar variant={outcome.variant} message={outcome.message} className={styles.outcome} /> : null}
    </Card>
  );
}
