import { formatRand, useCurrentUser } from '@pod/shared-contracts';
import styles from './dashboard.module.css';

/** The user's prepaid balance in rand ('R 0.00' when none). */
export function BalanceCard() {
  const user = useCurrentUser();
  return (
    <section className={styles.card} aria-labelledby="balance-card-title">
      <h2 id="balance-card-title">Your balance</h2>
      <p className={styles.amount}>{formatRand(user?.balance ?? 0)}</p>
    </section>
  );
}
