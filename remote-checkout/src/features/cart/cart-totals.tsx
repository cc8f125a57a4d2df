import { formatRand, type CartTotals as Totals } from '@pod/shared-contracts';
import styles from './cart.module.css';

/**
 * Total, the coupon's deduction (only with a coupon), the balance and the amount payable
 * (max(0, cart total - balance)), as a table of row headers and amounts.
 */
export function CartTotals({ totals, withCoupon }: { totals: Totals; withCoupon: boolean }) {
  const rows: [string, number][] = [
    ['Total', totals.itemsTotal],
    ...(withCoupon ? ([['Coupon deduction', totals.couponDeduction]] as [string, number][]) : []),
    ['Balance', totals.balance],
    ['Amount payable', totals.amountToPay],
  ];
  return (
    <table className={styles.totals}>
      <caption className={styles.caption}>Totals</caption>
      <tbody>
        {rows.map(([label, amount]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className={styles.amount}>{formatRand(amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
