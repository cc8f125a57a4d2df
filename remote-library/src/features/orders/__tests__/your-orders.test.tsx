import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { alertsAtom, queryKeys, sessionStore, type Order } from '@pod/shared-contracts';
import {
  createTestQueryClient,
  deferred,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
} from '@pod/shared-contracts/testing';
import { OrdersScreen } from '../../../routes/orders';

const ZULU: Order = {
  order_id: 1,
  product_title: 'Zulu Nights',
  customer: 'Naledi Dube',
  sale_status: 'shipped to customer',
  selling_price: 199.99,
  quantity: 3,
  order_date: '2024-03-05T10:30:00',
  takealot_url: 'https://www.takealot.com/zulu-nights',
};
const KALAHARI: Order = {
  order_id: 2,
  product_title: 'Kalahari Sun',
  customer: 'Pieter Botha',
  sale_status: 'pending',
  selling_price: 450,
  quantity: 48,
  order_date: '2024-03-07T23:59:00',
};
const OCEAN: Order = {
  order_id: 3,
  product_title: 'Ocean Road',
  customer: 'Lerato Mokoena',
  sale_status: 'returned',
  selling_price: 89.5,
  quantity: 1,
  createdAt: '2024-03-09T00:00:00',
};

const many = (count: number, from = 0): Order[] =>
  Array.from({ length: count }, (_, i) => ({
    order_id: from + i + 1,
    product_title: `Order book ${from + i + 1}`,
    selling_price: 100,
    quantity: 1,
    order_date: '2024-01-01T08:00:00',
  }));

function answerOrders(orders: Order[]): FakeAnswer {
  return { status: 200, body: { statusCode: 0, results: orders } };
}

let client: QueryClient;

/** The first 100 orders as the shared loader left them in the cache. */
const setSharedOrders = (orders: Order[]) => client.setQueryData(queryKeys.orders('first'), orders);

function renderOrders() {
  renderWithProviders(<OrdersScreen />, { route: '/orders', queryClient: client });
  return userEvent.setup();
}

function shownTitles(): string[] {
  const list = screen.queryByRole('list', { name: 'Orders' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

beforeEach(() => {
  client = createTestQueryClient();
  sessionStore.set(alertsAtom, []);
});

describe('/orders', () => {
  it('shows each order card with its fields, the status colour and a View Product link to a new tab', async () => {
    installFakeFetch(() => answerOrders([ZULU, KALAHARI, OCEAN]));
    renderOrders();

    expect(screen.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Your Orders');
    expect(await screen.findByText('Showing 3 of 3 orders')).toBeInTheDocument();

    const zulu = screen.getByRole('heading', { name: 'Zulu Nights' }).closest('article') as HTMLElement;
    expect(zulu).toHaveTextContent('05-03-2024 10:30');
    expect(zulu).toHaveTextContent('Naledi Dube');
    expect(zulu).toHaveTextContent('R 199.99');
    expect(zulu).toHaveTextContent('Quantity3');
    expect(within(zulu).getByText('shipped to customer')).toHaveClass('shipped');
    const link = within(zulu).getByRole('link', { name: /View Product.*Zulu Nights/ });
    expect(link).toHaveAttribute('href', 'https://www.takealot.com/zulu-nights');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const ocean = screen.getByRole('heading', { name: 'Ocean Road' }).closest('article') as HTMLElement;
    expect(ocean).toHaveTextContent('09-03-2024 00:00');
    expect(within(ocean).getByText('returned')).toHaveClass('notShipped');
    expect(within(ocean).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    ['product title', 'zulu', ['Zulu Nights']],
    ['customer', 'BOTHA', ['Kalahari Sun']],
    ['status', 'Returned', ['Ocean Road']],
    ['displayed date', '07-03-2024 23:59', ['Kalahari Sun']],
    ['displayed price', 'R 89.50', ['Ocean Road']],
    ['quantity', '48', ['Kalahari Sun']],
    ['nothing', 'no such order', []],
  ])('searches by %s', async (_field, text, expected) => {
    installFakeFetch(() => answerOrders([ZULU, KALAHARI, OCEAN]));
    const user = renderOrders();
    await screen.findByText('Showing 3 of 3 orders');

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), text);

    expect(shownTitles()).toEqual(expected);
    if (expected.length === 0) expect(screen.getByText('No orders match your filters')).toBeInTheDocument();
  });

  it('filters by an inclusive range of whole days typed dd-mm-yyyy, and Clear Filters shows everything again', async () => {
    installFakeFetch(() => answerOrders([ZULU, KALAHARI, OCEAN]));
    const user = renderOrders();
    await screen.findByText('Showing 3 of 3 orders');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    fireEvent.change(from, { target: { value: '05-03-2024' } });
    fireEvent.change(to, { target: { value: '07-03-2024' } });
    expect(shownTitles()).toEqual(['Zulu Nights', 'Kalahari Sun']);

    fireEvent.change(from, { target: { value: '07-03-2024' } });
    fireEvent.change(to, { target: { value: '09-03-2024' } });
    expect(shownTitles()).toEqual(['Kalahari Sun', 'Ocean Road']);

    fireEvent.change(from, { target: { value: '08-03-2024' } });
    fireEvent.change(to, { target: { value: '' } });
    expect(shownTitles()).toEqual(['Ocean Road']);

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'zulu');
    expect(shownTitles()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(shownTitles()).toEqual(['Zulu Nights', 'Kalahari Sun', 'Ocean Road']);
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    expect(from).toHaveValue('');
    expect(to).toHaveValue('');
  });

  it('shows each order_id once, the first occurrence winning', async () => {
    installFakeFetch(() =>
      answerOrders([ZULU, KALAHARI, { ...ZULU, product_title: 'Zulu Nights (again)' }, OCEAN, KALAHARI]),
    );
    renderOrders();

    expect(await screen.findByText('Showing 3 of 3 orders')).toBeInTheDocument();
    expect(shownTitles()).toEqual(['Zulu Nights', 'Kalahari Sun', 'Ocean Road']);
  });

  it('shows 12 per page; Load More adds 12 and disappears when all are shown', async () => {
    installFakeFetch(() => answerOrders(many(30)));
    const user = renderOrders();

    expect(await screen.findByText('Showing 12 of 30 orders')).toBeInTheDocument();
    expect(shownTitles()).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(shownTitles()).toHaveLength(24);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(shownTitles()).toHaveLength(30);
    expect(shownTitles()[29]).toBe('Order book 30');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('starts a new search at the first page', async () => {
    installFakeFetch(() => answerOrders(many(30)));
    const user = renderOrders();
    await screen.findByText('Showing 12 of 30 orders');
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'order book');

    expect(shownTitles()).toHaveLength(12);
  });

  it("shows 'You don't have any orders yet' when the list is empty", async () => {
    installFakeFetch(() => answerOrders([]));
    renderOrders();

    expect(await screen.findByText("You don't have any orders yet")).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('treats statusCode 11 as no orders, even over stale shared orders', async () => {
    setSharedOrders([ZULU]);
    installFakeFetch(() => ({ status: 200, body: { statusCode: 11, description: 'No orders', results: [] } }));
    renderOrders();

    expect(await screen.findByText("You don't have any orders yet")).toBeInTheDocument();
    expect(screen.queryByText('Zulu Nights')).not.toBeInTheDocument();
  });

  it('treats an error answer carrying statusCode 11 as no orders too', async () => {
    installFakeFetch(() => ({ status: 404, body: { statusCode: 11, error: 'Not Found', message: 'No orders' } }));
    renderOrders();

    expect(await screen.findByText("You don't have any orders yet")).toBeInTheDocument();
    expect(sessionStore.get(alertsAtom)).toEqual([]);
  });

  it('pages through GET /user/getbookorders 100 at a time until a short page, showing results as they come', async () => {
    const all = many(230);
    const secondPage = deferred<FakeAnswer>();
    const calls = installFakeFetch((request) => {
      const skip = Number(request.query.skip);
      const page = answerOrders(all.slice(skip, skip + Number(request.query.take)));
      return skip === 100 ? secondPage.promise.then(() => page) : page;
    });
    renderOrders();

    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 12 of 100 orders')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading more orders' })).toBeInTheDocument();

    await act(async () => secondPage.resolve({ status: 200 }));

    expect(await screen.findByText('Showing 12 of 230 orders')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading more orders' })).not.toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.path, call.query])).toEqual([
      ['GET', '/user/getbookorders', { skip: '0', take: '100' }],
      ['GET', '/user/getbookorders', { skip: '100', take: '100' }],
      ['GET', '/user/getbookorders', { skip: '200', take: '100' }],
    ]);
  });

  it('asks for the next page after a full one, and stops after an empty page', async () => {
    const calls = installFakeFetch((request) => answerOrders(request.query.skip === '0' ? many(100) : []));
    renderOrders();

    expect(await screen.findByText('Showing 12 of 100 orders')).toBeInTheDocument();
    await act(async () => {});
    expect(calls.map((call) => call.query.skip)).toEqual(['0', '100']);
  });

  it('stops paging when the server repeats a page instead of skipping', async () => {
    const calls = installFakeFetch(() => answerOrders(many(100)));
    renderOrders();

    expect(await screen.findByText('Showing 12 of 100 orders')).toBeInTheDocument();
    await act(async () => {});
    expect(calls).toHaveLength(2);
  });

  it('waits for the full list, not claiming no orders, when the shared first page is empty', async () => {
    setSharedOrders([]);
    const answer = deferred<FakeAnswer>();
    installFakeFetch(() => answer.promise);
    renderOrders();

    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    expect(screen.queryByText("You don't have any orders yet")).not.toBeInTheDocument();

    await act(async () => answer.resolve(answerOrders([KALAHARI])));
    expect(await screen.findByText('Showing 1 of 1 order')).toBeInTheDocument();
  });

  it('shows the shared orders at once while the full list loads', async () => {
    setSharedOrders([ZULU]);
    const answer = deferred<FakeAnswer>();
    installFakeFetch(() => answer.promise);
    renderOrders();

    expect(shownTitles()).toEqual(['Zulu Nights']);
    expect(screen.getByRole('status', { name: 'Loading more orders' })).toBeInTheDocument();

    await act(async () => answer.resolve(answerOrders([KALAHARI, ZULU])));
    expect(await screen.findByText('Showing 2 of 2 orders')).toBeInTheDocument();
  });

  it('keeps what it has and shows the failure with Retry, not as a global alert', async () => {
    installFakeFetch((request) =>
      request.query.skip === '0'
        ? answerOrders(many(100))
        : { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Orders are unavailable' } },
    );
    renderOrders();

    expect(await screen.findByText('Showing 12 of 100 orders')).toBeInTheDocument();
    await act(async () => {});
    expect(await screen.findByRole('alert')).toHaveTextContent('Orders are unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(sessionStore.get(alertsAtom)).toEqual([]);
    expect(screen.getByText('Showing 12 of 100 orders')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading more orders' })).not.toBeInTheDocument();
  });
});
