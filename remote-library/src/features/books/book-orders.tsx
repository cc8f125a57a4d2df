import { cx, DataTable, formatDateTime, type DataTableColumn, type Order } from '@pod/shared-contracts';
import { dedupeOrders } from '../../lib/dedupe-orders';
import styles from './books.module.css';

type Money = (value: number | undefined) => string;

function columns(money: Money): DataTableColumn<Order>[] {
  return [
    { key: 'title', label: 'Title', cell: (order) => order.product_title },
    { key: 'date', label: 'Date', cell: (order) => formatDateTime(order.order_date ?? order.createdAt ?? '') },
    { key: 'customer', label: 'Customer', cell: (order) => order.customer ?? '' },
    {
      key: 'status',
      label: 'Status',
      cell: (order) => {
        const shipped = order.sale_status?.trim().toLowerCase() === 'shipped to customer';
        return (
          <span className={cx(styles.saleStatus, shipped ? styles.saleShipped : styles.saleOther)}>
            {order.sale_status ?? ''}
          </span>
        );
      },
    },
    { key: 'price', label: 'Price', cell: (order) => money(order.selling_price) },
    { key: 'quantity', label: 'Quantity', cell: (order) => order.quantity ?? '' },
  ];
}

/** The orders tab: one row per order (the feed's repeated lines de-duplicated by order_id); 'shipped to customer' reads green, any other status red. */
export function BookOrders({ orders, money }: { orders: readonly Order[]; money: Money }) {
  return (
    <DataTable
      framed={false}
      caption="Orders of this book"
      columns={columns(money)}
      rows={dedupeOrders(orders)}
      rowKey={(order, index) => `${order.order_id}-${index}`}
    />
  );
}
