import { useDocumentTitle } from '@pod/shared-contracts';
import { APP_VERSION } from '../app-version';
import { CartView } from '../features/cart/cart-view';
import styles from './cart.module.css';

/**
 * /checkout/cart. Its footer names the deployed checkout version, so QA (and the e2e journey
 * that pins versions) can see which build is on screen.
 */
export function CartScreen() {
  useDocumentTitle('Cart');
  return (
    <>
      <h1>Your Cart</h1>
      <CartView />
      <footer className={styles.version}>
        <p>Checkout version {APP_VERSION}</p>
      </footer>
    </>
  );
}
