import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { alertsAtom, prefetchSharedData, sessionStore, type Order } from '@pod/shared-contracts';
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

/** One page of a server's answer: the orders from `skip`, and how many there are in all. */
function answerOrders(orders: Order[], skip = 0, take = 100): FakeAnswer {
  const results = orders.slice(skip, skip + take);
  return { status: 200, body: { statusCode: results.length > 0 ? 0 : 11, results, total: orders.length } };
}

/** A server that pages `orders` as asked (no filtering: the server's tests cover that). */
const pagingServer =
  (orders: Order[]) =>
  (request: { query: Record<string, string> }): FakeAnswer =>
    answerOrders(orders, Number(request.query.skip ?? 0), Number(request.query.take ?? 100));

const isOrdersCall = (call: { path: string }) => call.path === '/user/getbookorders';

let client: QueryClient;

function renderOrders({ strict = false } = {}) {
  renderWithProviders(<OrdersScreen />, { route: '/orders', queryClient: client, strict });
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
    installFakeFetch(pagingServer([ZULU, KALAHARI, OCEAN]));
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

  it('asks the server for the search as it is typed and shows what it answers', async () => {
    const calls = installFakeFetch((request) =>
      request.query.q === 'botha' ? answerOrders([KALAHARI]) : answerOrders([ZULU, KALAHARI, OCEAN]),
    );
    const user = renderOrders();
    await screen.findByText('Showing 3 of 3 orders');

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'Botha ');

    expect(await screen.findByText('Showing 1 of 1 order')).toBeInTheDocument();
    expect(shownTitles()).toEqual(['Kalahari Sun']);
    const last = calls.filter(isOrdersCall).at(-1);
    expect(last?.query).toEqual({
      skip: '0',
      take: '100',
      q: 'botha',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // The trailing space is the same search: no request for it.
    expect(calls.filter((call) => isOrdersCall(call) && call.query.q === 'botha')).toHaveLength(1);
  });

  it("says 'No orders match your filters' when the server finds none, keeping the filters", async () => {
    installFakeFetch((request) => (request.query.q ? answerOrders([]) : answerOrders([ZULU])));
    const user = renderOrders();
    await screen.findByText('Showing 1 of 1 order');

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'no such order');

    expect(await screen.findByText('No orders match your filters')).toBeInTheDocument();
    expect(shownTitles()).toEqual([]);
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('no such order');
    expect(screen.queryByText("You don't have any orders yet")).not.toBeInTheDocument();
  });

  it('sends the days typed dd-mm-yyyy as an inclusive range, and Clear Filters shows the full list again from the cache', async () => {
    const calls = installFakeFetch((request) =>
      request.query.from ? answerOrders([KALAHARI]) : answerOrders([ZULU, KALAHARI, OCEAN]),
    );
    const user = renderOrders();
    await screen.findByText('Showing 3 of 3 orders');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    fireEvent.change(from, { target: { value: '07-03-2024' } });
    fireEvent.change(to, { target: { value: '08-03-2024' } });

    expect(await screen.findByText('Showing 1 of 1 order')).toBeInTheDocument();
    expect(calls.filter(isOrdersCall).at(-1)?.query).toMatchObject({ from: '2024-03-07', to: '2024-03-08' });

    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(shownTitles()).toEqual(['Zulu Nights', 'Kalahari Sun', 'Ocean Road']);
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    expect(from).toHaveValue('');
    expect(to).toHaveValue('');
    expect(calls.slice(before).filter(isOrdersCall)).toEqual([]);
  });

  it('shows 12 per page; Load More adds 12, asks for the next page only past the 100 loaded, and disappears at the end', async () => {
    const calls = installFakeFetch(pagingServer(many(130)));
    const user = renderOrders();

    expect(await screen.findByText('Showing 12 of 130 orders')).toBeInTheDocument();
    expect(shownTitles()).toHaveLength(12);
    for (let click = 1; click <= 7; click += 1) {
      await user.click(screen.getByRole('button', { name: 'Load More' }));
    }
    expect(shownTitles()).toHaveLength(96);
    expect(calls.filter(isOrdersCall).map((call) => call.query.skip)).toEqual(['0']);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Showing 108 of 130 orders')).toBeInTheDocument();
    expect(calls.filter(isOrdersCall).map((call) => [call.query.skip, call.query.take])).toEqual([
      ['0', '100'],
      ['100', '100'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(shownTitles()).toHaveLength(130);
    expect(shownTitles()[129]).toBe('Order book 130');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(calls.filter(isOrdersCall)).toHaveLength(2);
    // Over a hundred cards rendered in jsdom, click after click, take a while.
  }, 30_000);

  it('starts a new search at the first page', async () => {
    installFakeFetch(pagingServer(many(30)));
    const user = renderOrders();
    await screen.findByText('Showing 12 of 30 orders');
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(shownTitles()).toHaveLength(24);

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'order book');

    expect(shownTitles()).toHaveLength(12);
  });

  it('asks for the first page once when the shared loader already has it, even under StrictMode', async () => {
    const calls = installFakeFetch(pagingServer(many(30)));
    await prefetchSharedData(client);
    const before = calls.filter(isOrdersCall).length;
    renderOrders({ strict: true });

    expect(await screen.findByText('Showing 12 of 30 orders')).toBeInTheDocument();
    await act(async () => {});
    expect(before).toBe(1);
    expect(calls.filter(isOrdersCall)).toHaveLength(1);
    expect(calls.find(isOrdersCall)?.search).toBe('?skip=0&take=100');
  });

  it('shares the request of a shared loader still in flight', async () => {
    const answer = deferred<FakeAnswer>();
    const calls = installFakeFetch((request) => (isOrdersCall(request) ? answer.promise : answerOrders([])));
    void prefetchSharedData(client);
    renderOrders({ strict: true });

    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    await act(async () => answer.resolve(answerOrders([KALAHARI])));
    expect(await screen.findByText('Showing 1 of 1 order')).toBeInTheDocument();
    expect(calls.filter(isOrdersCall)).toHaveLength(1);
  });

  it("shows 'You don't have any orders yet' when the list is empty", async () => {
    installFakeFetch(() => answerOrders([]));
    renderOrders();

    expect(await screen.findByText("You don't have any orders yet")).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('treats statusCode 11 as no orders', async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 11, description: 'No orders', results: [] } }));
    renderOrders();

    expect(await screen.findByText("You don't have any orders yet")).toBeInTheDocument();
  });

  it('treats an error answer carrying statusCode 11 as no orders too', async () => {
    installFakeFetch(() => ({ status: 404, body: { statusCode: 11, error: 'Not Found', message: 'No orders' } }));
    renderOrders();

    expect(await screen.findByText("You don't have any orders yet")).toBeInTheDocument();
    expect(sessionStore.get(alertsAtom)).toEqual([]);
  });

  it('keeps what it has when the next page fails, and Retry asks for that page again', async () => {
    let fail = true;
    const orders = many(130);
    const calls = installFakeFetch((request) =>
      request.query.skip === '100' && fail
        ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Orders are unavailable' } }
        : answerOrders(orders, Number(request.query.skip), 100),
    );
    const user = renderOrders();
    await screen.findByText('Showing 12 of 130 orders');
    for (let click = 1; click <= 8; click += 1) {
      await user.click(screen.getByRole('button', { name: 'Load More' }));
    }

    expect(await screen.findByRole('alert')).toHaveTextContent('Orders are unavailable');
    expect(sessionStore.get(alertsAtom)).toEqual([]);
    expect(screen.getByText('Showing 100 of 130 orders')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 108 of 130 orders')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter(isOrdersCall).map((call) => call.query.skip)).toEqual(['0', '100', '100']);
  }, 30_000);
});
