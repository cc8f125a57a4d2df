import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logout } from '../../session/logout';
import { setNavigator } from '../../session/navigation';
import { setCurrentUser } from '../../session/store';
import type { User } from '../../session/user';
import { createTestQueryClient, deferred, installFakeFetch, renderWithProviders, type FakeAnswer } from '../../testing';
import { getUserBooks } from '../../data/api/get-user-books';
import {
  clearQueriesOnUserChange,
  invalidateAfter,
  QueryState,
  queryKeys,
  useBooksQuery,
  useOrdersQuery,
  useSalesQuery,
} from '..';

const BOOK = { id: 1, book_title: 'Karoo Nights', format_type: 'print' };

function Books() {
  const query = useBooksQuery();
  return (
    <QueryState
      query={query}
      loadingLabel="Loading books"
      isEmpty={(books) => books.localBooks.length === 0}
      empty={<p>No books yet</p>}
    >
      {(books) => (
        <ul aria-label="Books">
          {books.localBooks.map((book) => (
            <li key={book.id}>{book.book_title}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

beforeEach(() => localStorage.clear());

describe('QueryState', () => {
  it('shows a spinner while loading, then the list', async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } }));
    renderWithProviders(<Books />);
    expect(screen.getByRole('status', { name: 'Loading books' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Books' })).toHaveTextContent('Karoo Nights');
  });

  it('shows the empty message only for a successful answer with no rows', async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0, localBooks: [], internationalBooks: [] } }));
    renderWithProviders(<Books />);
    expect(await screen.findByText('No books yet')).toBeInTheDocument();
  });

  it('shows a failure as an alert with Retry (not the empty message), and Retry loads the list', async () => {
    let fail = true;
    const log = installFakeFetch((): FakeAnswer =>
      fail
        ? { status: 500, body: { statusCode: 500, message: 'The books are unavailable' } }
        : { status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } },
    );
    renderWithProviders(<Books />);

    expect(await screen.findByRole('alert')).toHaveTextContent('The books are unavailable');
    expect(screen.queryByText('No books yet')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('list', { name: 'Books' })).toHaveTextContent('Karoo Nights');
    expect(log).toHaveLength(2);
  });

  it('asks a signed-out visitor to sign in instead of showing "Unauthorized", and returns here after', async () => {
    installFakeFetch(() => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
    }));
    renderWithProviders(<Books />, { route: '/books?page=2' });

    expect(await screen.findByText(/Please sign in to continue\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fbooks%3Fpage%3D2');
    expect(screen.queryByText(/Unauthorized/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offline, a refetch that finds no network keeps the data last seen, with no error', async () => {
    let offline = false;
    installFakeFetch((): FakeAnswer =>
      offline
        ? new TypeError('Failed to fetch')
        : { status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } },
    );
    const client = createTestQueryClient();
    renderWithProviders(<Books />, { queryClient: client });
    expect(await screen.findByRole('list', { name: 'Books' })).toHaveTextContent('Karoo Nights');

    offline = true;
    await act(() => client.refetchQueries({ queryKey: queryKeys.books() }));

    expect(client.getQueryState(queryKeys.books())?.status).toBe('error');
    expect(screen.getByRole('list', { name: 'Books' })).toHaveTextContent('Karoo Nights');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('shared collection queries', () => {
  it('asks for the first 100 orders, treats statusCode 11 as none, and reads `results`', async () => {
    const log = installFakeFetch((request) =>
      request.path === '/user/getbookorders'
        ? { status: 404, body: { statusCode: 11, message: 'No orders' } }
        : {
            status: 200,
            body: {
              statusCode: 0,
              results: [
                {
                  book_id: 1,
                  book_title: 'Karoo Nights',
                  profit: 5,
                  quantity: 2,
                  returned: 0,
                  total_royalties: 5,
                  total_revenue: 9,
                },
              ],
            },
          },
    );
    function Both() {
      const orders = useOrdersQuery();
      const sales = useSalesQuery();
      return (
        <p>
          {orders.data ? `${orders.data.pages[0]?.orders.length} orders` : ''}{' '}
          {sales.data ? `${sales.data[0]?.book_title} sold ${sales.data[0]?.quantity}` : ''}
        </p>
      );
    }
    renderWithProviders(<Both />);
    expect(await screen.findByText(/0 orders Karoo Nights sold 2/)).toBeInTheDocument();
    expect(log.find((request) => request.path === '/user/getbookorders')?.query).toEqual({ skip: '0', take: '100' });
  });
});

describe('invalidation and the session', () => {
  it('refetches the books a bulk upload added, wherever they are shown', async () => {
    let items = 1;
    installFakeFetch(() => ({
      status: 200,
      body: {
        statusCode: 0,
        localBooks: Array.from({ length: items }, (_, i) => ({ ...BOOK, id: i + 1 })),
        internationalBooks: [],
      },
    }));
    const { queryClient } = renderWithProviders(<Books />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);

    items = 3;
    await act(() => invalidateAfter(queryClient, 'booksAdded'));

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
  });

  it("marks the cart (the top bar's count) and the books stale once a book's files are submitted", async () => {
    const log = installFakeFetch(() => ({ status: 404 }));
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.cart(), { items: [] });
    client.setQueryData(queryKeys.books(), { localBooks: [BOOK], internationalBooks: [] });
    client.setQueryData(queryKeys.sales(), []);

    await invalidateAfter(client, 'filesUploaded');

    expect(client.getQueryState(queryKeys.cart())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.books())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.sales())?.isInvalidated).toBe(false);
    // The user (balance, cart as stored) is read again.
    expect(log.map((request) => request.path)).toContain('/user/viewuserinfo');
  });

  it('empties the cache when the user logs out, and when another user signs in', async () => {
    setNavigator(() => undefined);
    installFakeFetch(() => ({ status: 200, body: {} }));
    const client = createTestQueryClient();
    const stop = clearQueriesOnUserChange(client);
    setCurrentUser({ id: 1, email: 'a@example.co.za' } as User);
    client.setQueryData(queryKeys.books(), { localBooks: [BOOK], internationalBooks: [] });

    setCurrentUser({ id: 1, email: 'a@example.co.za', balance: 5 } as User);
    expect(client.getQueryData(queryKeys.books())).toBeDefined();

    await logout();
    expect(client.getQueryData(queryKeys.books())).toBeUndefined();

    client.setQueryData(queryKeys.books(), { localBooks: [BOOK], internationalBooks: [] });
    setCurrentUser({ id: 2, email: 'b@example.co.za' } as User);
    expect(client.getQueryData(queryKeys.books())).toBeUndefined();
    expect(client.getQueryData(queryKeys.user())).toMatchObject({ id: 2 });
    stop();
  });

  it("drops an answer that arrives after the user changed: it was the last user's", async () => {
    const answer = deferred<FakeAnswer>();
    installFakeFetch(() => answer.promise);
    const client = createTestQueryClient();
    const stop = clearQueriesOnUserChange(client);
    setCurrentUser({ id: 1, email: 'a@example.co.za' } as User);
    const loading = client
      .fetchQuery({ queryKey: queryKeys.books(), queryFn: () => getUserBooks() })
      .catch(() => undefined);

    setCurrentUser({ id: 2, email: 'b@example.co.za' } as User);
    answer.resolve({ status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } });
    await loading;

    expect(client.getQueryData(queryKeys.books())).toBeUndefined();
    stop();
  });
});
