import { PlaceholderScreen } from '@pod/shared-contracts';
import { APP_VERSION } from '../app-version';
import styles from './cart.module.css';

/**
 * /checkout/cart. Its footer names the deployed checkout version, so QA (and the e2e journey
 * that pins versions) can see which build is on screen.
 */
export function CartScreen() {
  return (
    <>
      <PlaceholderScreen title="Cart" heading="Your Cart" />
      <footer className={styles.version}>
        <p>Checkout version {APP_VERSION}</p>
      </footer>
    </>
  );
}
