import { useCurrentUser, useDocumentTitle, Navigate } from '@pod/shared-contracts';
import { BalanceCard } from '../features/dashboard/balance-card';
import { CardPaymentNotice } from '../features/dashboard/card-payment-notice';
import { CouponCard } from '../features/dashboard/coupon-card';
import { DashboardNotices } from '../features/dashboard/dashboard-notices';
import { Insights } from '../features/dashboard/insights';
import { Shortcuts } from '../features/dashboard/shortcuts';
import { useCardPaymentReturn } from '../features/dashboard/use-card-payment-return';
import styles from '../features/dashboard/dashboard.module.css';

/**
 * `/dashboard`: balance, coupon and shortcuts, then royalties, next payout, books in progress
 * and recent orders (GET /reports/summary), with the welcome, payout and browser notices,
 * and the outcome of a card payment when the card provider returns here (`?tx_ref=`).
 * A user with admin-applied changes to review (admin_confirmation 1) goes to profile
 * confirmation first (a card payment is still verified on the way).
 */
export function DashboardScreen() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const redirecting = user?.admin_confirmation === 1;
  const cardReturn = useCardPaymentReturn({ redirecting });
  if (redirecting) {
    return <Navigate replace to={`/profile-confirmation?currentUser=${encodeURIComponent(String(user.id))}`} />;
  }
  return (
    <>
      <h1>Dashboard</h1>
      <CardPaymentNotice outcome={cardReturn.outcome} onDismiss={cardReturn.dismiss} />
      <div className={styles.grid}>
        <BalanceCard />
        <CouponCard />
        <Shortcuts />
        <Insights />
      </div>
      <DashboardNotices />
    </>
  );
}
