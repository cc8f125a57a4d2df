import { Card, DetailsList, VisuallyHidden } from '@pod/shared-contracts';
import type { IndexedOrder } from './order-query';
import styles from './orders.module.css';

const SHIPPED = 'shipped to customer';

/** One order: title, date, customer, sale status (green when shipped, red otherwise), price, quantity, link. */
export function OrderCard({ item }: { item: IndexedOrder }) {
  const { order, displayDate, displayPrice } = item;
  const status = order.sale_status ?? '';
  const shipped = status.trim().toLowerCase() === SHIPPED;
  return (
    <Card as="article" title={order.product_title} className={styles.card}>
      <DetailsList
        items={[
          { label: 'Date', value: displayDate || 'Unknown' },
          { label: 'Customer', value: order.customer || 'Unknown' },
          {
            label: 'Status',
            value: <span className={shipped ? styles.shipped : styles.notShipped}>{status || 'Unknown'}</span>,
          },
          { label: 'Selling price', value: displayPrice },
          { label: 'Quantity', value: order.quantity ?? 0 },
        ]}
      />
      {order.takealot_url ? (
        <a className={styles.productLink} href={order.takealot_url} target="_blank" rel="noopener noreferrer">
          View Product
          <VisuallyHidden>{`: ${order.product_title} (opens in a new tab)`}</VisuallyHidden>
        </a>
      ) : null}
    </Card>
  );
}
