import { useState, type FormEvent } from 'react';
import { AlertBar, Button, Card, COUPON_MESSAGES, CouponCode, firstFailure, TextField } from '@pod/shared-contracts';
import type { AppliedCoupon } from '../../lib/checkout-state';
import { couponRefusal } from '../../lib/messages';
import { verifyCartCoupon } from './api/verify-cart-coupon';
import styles from './cart.module.css';

export interface CouponFormProps {
  coupon: AppliedCoupon | null;
  /** A refusal to show (C15 or the spelling sentence), or null. */
  notice: string | null;
  onNotice: (notice: string | null) => void;
  onApplied: (coupon: AppliedCoupon) => void;
  onRemove: () => void;
}

/**
 * Coupon entry of the cart (account-area.md sections 4 and 5): a blank code is refused before
 * any call; POST /user/verifycartcoupon checks the code without using it. An applied coupon
 * shows 'Coupon "x" was applied successfully' with a Remove Coupon button instead of the field.
 */
export function CouponForm({ coupon, notice, onNotice, onApplied, onRemove }: CouponFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (applying) return;
    onNotice(null);
    const blank = firstFailure(CouponCode, code);
    if (blank) {
      setError(blank);
      return;
    }
    const trimmed = code.trim();
    setApplying(true);
    try {
      const result = await verifyCartCoupon(trimmed);
      onApplied({ couponId: result.couponId, code: trimmed, type: result.type, amount: Number(result.amount) });
      setCode('');
    } catch (refusal) {
      onNotice(couponRefusal(refusal));
    } finally {
      setApplying(false);
    }
  };

  return (
    <Card title="Coupon" titleId="cart-coupon-title" className={styles.coupon}>
      {coupon ? (
        <div className={styles.applied}>
          <AlertBar variant="success" message={COUPON_MESSAGES.applied(coupon.code)} />
          <Button variant="secondary" onClick={onRemove}>
            Remove Coupon
          </Button>
        </div>
      ) : (
        <form className={styles.couponForm} noValidate onSubmit={(event) => void apply(event)}>
          <TextField
            label="Coupon code"
            name="coupon_code"
            autoComplete="off"
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value)}
            onFocus={() => {
              setError(null);
              onNotice(null);
            }}
          />
          <Button type="submit" busy={applying}>
            Apply Coupon
          </Button>
        </form>
      )}
      {notice ? <AlertBar variant="danger" message={notice} className={styles.notice} /> : null}
    </Card>
  );
}
