import { Card, formatRand, useCurrentUser } from '@pod/shared-contracts';
import styles from './dashboard.module.css';

/** The user's prepaid balance in rand ('R 0.00' when none). */
export function BalanceCard() {
  const user = useCurrentUser();
  return (
    <Card title="Your balance" titleId="balance-card-title" size="spacious">
      <p className={styles.amount}>{formatRand(user?.balance ?? 0)}</p>
    </Card>
  );
}
