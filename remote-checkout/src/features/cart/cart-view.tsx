import { useState } from 'react';
import { useAtom } from 'jotai';
import {
  Button,
  buttonClassName,
  Card,
  cartTotals,
  QueryState,
  raiseAlert,
  sessionStore,
  useCurrentUser,
  useInvalidate,
  type ApiError,
  Link,
} from '@pod/shared-contracts';
import { toCartLine, type CartLine } from '../../lib/cart-items';
import { appliedCouponAtom } from '../../lib/checkout-state';
import { couponRefusal } from '../../lib/messages';
import { removeCartItem } from './api/remove-cart-item';
import { CartTable } from './cart-table';
import { CartTotals } from './cart-totals';
import { CouponForm } from './coupon-form';
import { useCart } from './use-cart';
import { useProceed } from './use-proceed';
import styles from './cart.module.css';

/**
 * The body of /checkout/cart: the items, the totals, the coupon and Proceed. Every amount is
 * priced by the shared cart arithmetic from the items' services, the applied coupon and the
 * balance the server answered (the server prices the same way when paying).
 */
export function CartView() {
  const user = useCurrentUser();
  const [coupon, setCoupon] = useAtom(appliedCouponAtom, { store: sessionStore });
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  // A coupon the server refuses (used meanwhile, expired) is dropped and the refusal shown.
  const refuseCoupon = (error: ApiError) => {
    setCoupon(null);
    setNotice(couponRefusal(error));
  };
  const { cart, loading, replace, query } = useCart(coupon?.couponId ?? null, refuseCoupon);
  const invalidate = useInvalidate();
  const { busy, proceed } = useProceed(refuseCoupon);

  if (!cart) {
    return (
      <QueryState query={query} loadingLabel="Loading your cart">
        {() => null}
      </QueryState>
    );
  }

  const lines = cart.results.map(toCartLine);
  if (lines.length === 0) {
    return (
      <div className={styles.state}>
        <p>Your cart is empty</p>
        <Link className={buttonClassName('primary')} to="/new-book">
          Upload a book
        </Link>
      </div>
    );
  }

  const totals = cartTotals(
    lines.map((line) => line.amounts),
    coupon,
    cart.balance,
  );

  const remove = async (line: CartLine) => {
    setRemoving(line.key);
    try {
      replace(await removeCartItem(line.item.book_id, line.item.international_book_id));
      // The stored user's cart and balance follow (replace refreshed the cart's other views).
      await invalidate('userChanged');
    } catch (error) {
      raiseAlert({ variant: 'danger', message: error });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className={styles.cart} aria-busy={loading || undefined}>
      <CartTable lines={lines} removing={removing} onRemove={(line) => void remove(line)} />
      <div className={styles.summary}>
        <CouponForm
          coupon={coupon}
          notice={notice}
          onNotice={setNotice}
          onApplied={(applied) => setCoupon(applied)}
          onRemove={() => setCoupon(null)}
        />
        <Card as="div" className={styles.checkout}>
          <CartTotals totals={totals} withCoupon={coupon !== null} />
          <Button
            busy={busy}
            disabled={loading || removing !== null}
            onClick={() =>
              proceed({
                items: cart.results,
                couponId: coupon?.couponId ?? null,
                totalCost: totals.cartTotal,
                userId: user?.id ?? null,
              })
            }
          >
            Proceed
          </Button>
        </Card>
      </div>
    </div>
  );
}
