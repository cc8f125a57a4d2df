import { Navigate } from 'react-router-dom';
import { useCurrentUser, useDocumentTitle } from '@pod/shared-contracts';
import { BalanceCard } from '../features/dashboard/balance-card';
import { CouponCard } from '../features/dashboard/coupon-card';
import { DashboardNotices } from '../features/dashboard/dashboard-notices';
import { Shortcuts } from '../features/dashboard/shortcuts';
import styles from '../features/dashboard/dashboard.module.css';

/**
 * `/dashboard`: balance, coupon and shortcuts, with the welcome, payout and browser notices.
 * A user with admin-applied changes to review (admin_confirmation 1) goes to profile
 * confirmation first.
 */
export function DashboardScreen() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  if (user?.admin_confirmation === 1) {
    return <Navigate replace to={`/profile-confirmation?currentUser=${encodeURIComponent(String(user.id))}`} />;
  }
  return (
    <>
      <h1>Dashboard</h1>
      <div className={styles.grid}>
        <BalanceCard />
        <CouponCard />
        <Shortcuts />
      </div>
      <DashboardNotices />
    </>
  );
}
