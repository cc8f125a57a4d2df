import { useDocumentTitle } from '@pod/shared-contracts';
import { BalanceCard } from '../features/dashboard/balance-card';
import { Shortcuts } from '../features/dashboard/shortcuts';
import styles from '../features/dashboard/dashboard.module.css';

/** `/dashboard`: balance and shortcuts (coupon card and the modals come later). */
export function DashboardScreen() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <h1>Dashboard</h1>
      <div className={styles.grid}>
        <BalanceCard />
        <Shortcuts />
      </div>
    </>
  );
}
