import { cx, formatDateTime, type Order } from '@pod/shared-contracts';
import { dedupeOrders } from '../../lib/dedupe-orders';
import styles from './books.module.css';

/** The orders tab: one row per order (the feed's repeated lines de-duplicated by order_id); 'shipped to customer' reads green, any other status red. */
export function BookOrders({ orders, money }: { orders: readonly Order[]; money: (value: number | undefined) => string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>Orders of this book</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {dedupeOrders(orders).map((order, index) => {
            const shipped = order.sale_status?.trim().toLowerCase() === 'shipped to customer';
            return (
              <tr key={`${order.order_id}-${index}`}>
                <td>{order.product_title}</td>
                <td>{formatDateTime(order.order_date ?? order.createdAt ?? '')}</td>
                <td>{order.customer ?? ''}</td>
                <td>
                  <span className={cx(styles.saleStatus, shipped ? styles.saleShipped : styles.saleOther)}>
                    {order.sale_status ?? ''}
                  </span>
                </td>
                <td>{money(order.selling_price)}</td>
                <td>{order.quantity ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
