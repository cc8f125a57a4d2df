import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner, useCurrentUser, type CartPanelProps } from '@pod/shared-contracts';
import { useRemoteLoader, type RemoteLoader } from '../federation/remote-loader';
import { RemoteBoundary } from '../federation/remote-boundary';
import styles from './cart-button.module.css';

function CartPanel({ loader, ...props }: CartPanelProps & { loader: RemoteLoader }) {
  const Panel = loader.component<CartPanelProps>('remote_checkout', './CartPanel');
  return <Panel {...props} />;
}

/** The number of items of the stored user's `cart` (anything but a list reads as empty). */
function itemCount(cart: unknown): number {
  return Array.isArray(cart) ? cart.length : 0;
}

/**
 * The top bar's cart: a button with the item count of the stored user's cart. That user is
 * the `user` query's (GET /user/viewuserinfo, read at start), and every server change that
 * touches the cart invalidates `user` with `cart` (shared-contracts' INVALIDATION_RULES), so a
 * change made by any remote shows here without a request of the button's own. It opens a panel whose content is remote_checkout's
 * `./CartPanel` (the items and the Checkout link), loaded on the first opening, or as the
 * pointer or focus reaches the button, behind its own boundary with Retry: pages other than
 * the cart run none of remote-checkout's code. Escape or a click outside closes the panel;
 * Escape returns focus to the button.
 */
export function CartButton() {
  const loader = useRemoteLoader();
  const user = useCurrentUser();
  const count = itemCount(user?.cart);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // Starts loading the panel's code when an opening is likely; a failure shows on opening.
  const preload = () => {
    loader.prepare('remote_checkout', './CartPanel', '').catch(() => {});
  };

  return (
    <div className={styles.dropdown} ref={rootRef}>
      <Button
        ref={toggleRef}
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        Cart ({count} {count === 1 ? 'item' : 'items'})
      </Button>
      {open ? (
        <div className={styles.panel} id={panelId}>
          <RemoteBoundary
            label="Cart"
            variant="inline"
            remote="remote_checkout"
            onRetry={() => loader.reset('remote_checkout', './CartPanel')}
          >
            <Suspense fallback={<Spinner label="Loading the cart" />}>
              <CartPanel loader={loader} onClose={() => setOpen(false)} />
            </Suspense>
          </RemoteBoundary>
        </div>
      ) : null}
    </div>
  );
}
