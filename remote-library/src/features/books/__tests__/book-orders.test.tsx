import { render, screen, within } from '@testing-library/react';
import type { Order } from '@pod/shared-contracts';
import { BookOrders } from '../book-orders';

const line = (order_id: string, customer: string): Order => ({
  order_id,
  product_title: 'Sunrise over Soweto',
  customer,
  sale_status: 'shipped to customer',
  selling_price: 250,
  quantity: 1,
  order_date: '2026-06-24T06:01:00Z',
});

describe('BookOrders', () => {
  it("shows one row per order id although the feed repeats an order's lines", () => {
    render(
      <BookOrders
        orders={[line('A-1', 'Johan van Wyk'), line('A-2', 'Fatima Patel'), line('A-1', 'Johan van Wyk')]}
        money={(value) => `R ${value}`}
      />,
    );

    const table = screen.getByRole('table', { name: 'Orders of this book' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(table).getAllByText('Johan van Wyk')).toHaveLength(1);
  });
});
