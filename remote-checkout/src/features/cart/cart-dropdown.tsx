import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@pod/shared-contracts';
import { CartPanel } from './cart-panel';
import styles from './cart-dropdown.module.css';
import { useCartItems } from './use-cart-items';

/**
 * The cart button and its panel in one: exposed as `./CartDropdown` for hosts deployed before
 * the host drew the button itself (shared-contracts' CartDropdownModule). A button with the
 * item count opens the {@link CartPanel}; Escape or a click outside closes it, and Escape
 * returns focus to the button.
 *
 * It repeats the host's CartButton (and its frame's CSS) on purpose: it runs only under those
 * older hosts, whose @pod/shared-contracts is the page's singleton (`loaded-first`), so it may
 * use nothing shared-contracts gained since, such as a popover hook both could share.
 */
export function CartDropdown() {
  const count = useCartItems().length;
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

  return (
    <div className={styles.dropdown} ref={rootRef}>
      <Button
        ref={toggleRef}
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Cart ({count} {count === 1 ? 'item' : 'items'})
      </Button>
      {open ? (
        <div className={styles.panel} id={panelId}>
          <CartPanel onClose={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}
