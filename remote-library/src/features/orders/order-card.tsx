import { VisuallyHidden } from '@pod/shared-contracts';
import type { IndexedOrder } from './order-query';
import styles from './orders.module.css';

const SHIPPED = 'shipped to customer';

/** One order: title, date, customer, sale status (green when shipped, red otherwise), price, quantity, link. */
export function OrderCard({ item }: { item: IndexedOrder }) {
  const { order, displayDate, displayPrice } = item;
  const status = order.sale_status ?? '';
  const shipped = status.trim().toLowerCase() === SHIPPED;
  return (
    <article className={styles.card}>
      <h2 className={styles.title}>{order.product_title}</h2>
      <dl className={styles.details}>
        <div>
          <dt>Date</dt>
          <dd>{displayDate || 'Unknown'}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>{order.customer || 'Unknown'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={shipped ? styles.shipped : styles.notShipped}>{status || 'Unknown'}</span>
          </dd>
        </div>
        <div>
          <dt>Selling price</dt>
          <dd>{displayPrice}</dd>
        </div>
        <div>
          <dt>Quantity</dt>
          <dd>{order.quantity ?? 0}</dd>
        </div>
      </dl>
      {order.takealot_url ? (
        <a className={styles.productLink} href={order.takealot_url} target="_blank" rel="noopener noreferrer">
          View Product
          <VisuallyHidden>{`: ${order.product_title} (opens in a new tab)`}</VisuallyHidden>
        </a>
      ) : null}
    </article>
  );
}
