import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AlertRegion,
  alertsAtom,
  QUEUED_ALERTS,
  sessionStore,
  setOfflineQueue,
  type OfflineRequest,
  prefetchSharedData,
  setCurrentUser,
  type Book,
  type Order,
  type SalesSummary,
  type User,
} from '@pod/shared-contracts';
import {
  createTestQueryClient,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { BooksScreen } from '../../../routes/books';
import { bookFile } from './book-files';

const misc = (value: object) => JSON.stringify(value);

const ZULU: Book = {
  id: 11,
  book_title: 'Zulu Nights',
  format_type: 'ebook',
  price_sale: 199.99,
  localRoyalty: 35.5,
  misc: misc({ status: 'pending', bookStage: 'getquote', internationalBookMatch: 21 }),
};
const KALAHARI: Book = {
  id: 12,
  book_title: 'Kalahari Sun',
  format_type: 'print',
  price_sale: 250,
  misc: misc({ status: 'approved', archived: true, bookStage: 'uploaded' }),
};
const OCEAN: Book = {
  id: 13,
  book_title: 'Ocean Road',
  format_type: 'audiobook',
  misc: misc({ status: 'quote', isPaid: true, bookStage: 'signedcontract' }),
};
const DRAKENSBERG: Book = {
  id: 14,
  book_title: 'Drakensberg',
  format_type: 'print',
  misc: misc({ status: 'denied' }),
};
const NO_STATUS: Book = { id: 15, book_title: 'Untitled draft', format_type: 'print', misc: misc({}) };
const ZULU_INTERNATIONAL: Book = {
  id: 21,
  book_title: 'Zulu Nights',
  format_type: 'ebook',
  price_sale: 12.5,
  internationRoyalty: 3.25,
  misc: misc({ status: 'pending', bookStage: 'signedcontract', localBookMatch: 11 }),
};

const NO_SALES: SalesSummary = {
  profit: 0,
  quantity: 0,
  returned: 0,
  total_royalties: 0,
  total_cost: 0,
  total_revenue: 0,
};
const ZULU_SALES: SalesSummary = {
  profit: 120,
  quantity: 5,
  returned: 2,
  total_royalties: 177.5,
  total_cost: 300,
  total_revenue: 999.5,
};
const ZULU_ORDER: Order = {
  order_id: 'T-1',
  product_title: 'Zulu Nights',
  customer: 'Naledi Dube',
  sale_status: 'shipped to customer',
  selling_price: 199.99,
  quantity: 3,
  order_date: '2024-03-05T10:30:00',
};

interface Library {
  localBooks: Book[];
  internationalBooks: Book[];
  sales: Record<number, SalesSummary>;
  orders: Record<number, Order[]>;
  files: Record<number, Book['files']>;
  override?: (request: RecordedRequest) => FakeAnswer | undefined;
}

let library: Library;
let calls: RecordedRequest[];

const notFound: FakeAnswer = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Book not found' } };

function api(request: RecordedRequest): FakeAnswer {
  const custom = library.override?.(request);
  if (custom) return custom;
  const { method, path } = request;
  if (method === 'GET' && path === '/user/getuserbooks') {
    return {
      status: 200,
      body: { statusCode: 0, localBooks: library.localBooks, internationalBooks: library.internationalBooks },
    };
  }
  if (method === 'GET' && path === '/user/viewuserinfo') {
    return {
      status: 200,
      body: { statusCode: 0, result: { id: 7, name_first: 'Thandi', balance: 10, initial_login: 1 } },
    };
  }
  const info = /^\/user\/viewusersbookinfo\/(\d+)\/([01])$/.exec(path);
  if (info) {
    const id = Number(info[1]);
    const all = [...library.localBooks, ...library.internationalBooks];
    const book = all.find((item) => item.id === id);
    return book
      ? { status: 200, body: { statusCode: 0, result: { ...book, files: library.files[id] ?? [] } } }
      : notFound;
  }
  const sale = /^\/user\/getsaleperbook\/(\d+)$/.exec(path);
  if (sale) return { status: 200, body: { statusCode: 0, result: library.sales[Number(sale[1])] ?? NO_SALES } };
  const orders = /^\/user\/getordersperbook\/(\d+)$/.exec(path);
  if (orders) {
    const list = library.orders[Number(orders[1])] ?? [];
    return { status: 200, body: list.length ? { statusCode: 0, results: list } : { statusCode: 11, results: [] } };
  }
  return notFound;
}

function renderBooks() {
  renderWithProviders(
    <>
      <AlertRegion />
      <BooksScreen />
    </>,
    { route: '/books' },
  );
  return userEvent.setup();
}

const bookButton = (title: RegExp | string) =>
  screen.getByRole('button', { name: typeof title === 'string' ? new RegExp(`^${title}`) : title });
const detail = (title: string) => screen.getByRole('region', { name: title });

async function openBook(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${title}`) }));
  const panel = detail(title);
  // The files, sales and orders have arrived once the spinner is gone.
  await waitFor(() =>
    expect(within(panel).queryByRole('status', { name: "Loading the book's files" })).not.toBeInTheDocument(),
  );
  return panel;
}

beforeEach(() => {
  setCurrentUser(null);
  sessionStore.set(alertsAtom, []);
  library = {
    localBooks: [ZULU, KALAHARI, OCEAN, DRAKENSBERG, NO_STATUS],
    internationalBooks: [ZULU_INTERNATIONAL],
    sales: {},
    orders: {},
    files: {},
  };
  calls = installFakeFetch((request) => api(request));
  setCurrentUser({ id: 7, name_first: 'Thandi', balance: 10, initial_login: 1 } as User);
});

describe('/books', () => {
  it('has its heading, title and the ways to add books', async () => {
    renderBooks();

    expect(screen.getByRole('heading', { level: 1, name: 'Your Books' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Your Books');
    expect(screen.getByRole('link', { name: 'Upload Book' })).toHaveAttribute('href', '/new-book');
    expect(screen.getByRole('link', { name: 'Bulk CSV Upload' })).toHaveAttribute('href', '/bulk-upload');
    expect(await screen.findByRole('list', { name: 'Local books' })).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/user/getuserbooks' }));
  });

  it('asks for the books once when the shared loader has just read them, even under StrictMode', async () => {
    const client = createTestQueryClient();
    await prefetchSharedData(client);
    expect(calls.filter((call) => call.path === '/user/getuserbooks')).toHaveLength(1);

    renderWithProviders(<BooksScreen />, { route: '/books', queryClient: client, strict: true });

    expect(await screen.findByRole('list', { name: 'Local books' })).toBeInTheDocument();
    await act(async () => {});
    expect(calls.filter((call) => call.path === '/user/getuserbooks')).toHaveLength(1);
  });

  it('lists local books first and international books on their tab', async () => {
    const user = renderBooks();
    const tablist = await screen.findByRole('tablist', { name: 'Book regions' });
    const local = within(tablist).getByRole('tab', { name: 'Local' });
    const international = within(tablist).getByRole('tab', { name: 'International' });
    expect(local).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('list', { name: 'Local books' })).getAllByRole('listitem')).toHaveLength(5);

    await user.click(international);

    expect(international).toHaveAttribute('aria-selected', 'true');
    expect(local).toHaveAttribute('aria-selected', 'false');
    const list = screen.getByRole('list', { name: 'International books' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Zulu Nights');
    expect(screen.queryByRole('list', { name: 'Local books' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(local).toHaveAttribute('aria-selected', 'true');
    expect(local).toHaveFocus();
  });

  it('shows the format label (ebook as eBook), the badges and the status in words and colour', async () => {
    renderBooks();
    const list = await screen.findByRole('list', { name: 'Local books' });
    const [zulu, kalahari, ocean, drakensberg, draft] = within(list).getAllByRole('listitem') as HTMLElement[];

    expect(zulu).toHaveTextContent('eBook');
    expect(within(zulu!).getByText('Status: pending')).toHaveClass('status-pending');
    expect(within(kalahari!).getByText('cancelled')).toBeInTheDocument();
    expect(within(kalahari!).getByText('Status: approved')).toHaveClass('status-approved');
    expect(within(ocean!).getByText('paid')).toBeInTheDocument();
    expect(ocean).toHaveTextContent('Audiobook');
    expect(within(ocean!).getByText('Status: quote')).toHaveClass('status-quote');
    expect(within(drakensberg!).getByText('Status: denied')).toHaveClass('status-denied');
    expect(zulu).not.toHaveTextContent(/cancelled|paid/);
    expect(draft).not.toHaveTextContent('Status');
  });

  it('scrolls the list above 8 books only', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: 100 + i,
        book_title: `Book ${i + 1}`,
        format_type: 'print',
        misc: '{}',
      }));
    library.localBooks = many(8);
    const { unmount } = renderWithProviders(<BooksScreen />);
    expect(await screen.findByRole('list', { name: 'Local books' })).not.toHaveClass('scrolling');
    unmount();

    library.localBooks = many(9);
    renderBooks();
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(9));
    expect(screen.getByRole('list', { name: 'Local books' })).toHaveClass('scrolling');
  });

  it('invites a user without books to get started', async () => {
    library.localBooks = [];
    library.internationalBooks = [];
    renderBooks();

    expect(await screen.findByText("You haven't uploaded any books yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/new-book');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});

describe('the book detail panel', () => {
  it('shows the header and the local tiles in rand', async () => {
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    expect(within(panel).getByRole('heading', { level: 2, name: 'Zulu Nights' })).toBeInTheDocument();
    expect(within(panel).getByText('eBook')).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Royalty Fee' })).toHaveTextContent('R 35.50');
    expect(within(panel).getByRole('group', { name: 'Local Selling Price (R)' })).toHaveTextContent('R 199.99');
    expect(within(panel).queryByRole('group', { name: 'International Selling Price (USD)' })).not.toBeInTheDocument();
    expect(bookButton('Zulu Nights')).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/user/viewusersbookinfo/11/0' }));
  });

  it('shows the international tiles in USD', async () => {
    const user = renderBooks();
    await user.click(await screen.findByRole('tab', { name: 'International' }));
    const panel = await openBook(user, 'Zulu Nights');

    expect(within(panel).getByRole('group', { name: 'Royalty Fee' })).toHaveTextContent('USD 3.25');
    expect(within(panel).getByRole('group', { name: 'International Selling Price (USD)' })).toHaveTextContent(
      'USD 12.50',
    );
    expect(within(panel).queryByRole('group', { name: 'Local Selling Price (R)' })).not.toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/user/viewusersbookinfo/21/1' }));
  });

  it('has only the details tab without sales or orders', async () => {
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    const tabs = within(within(panel).getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Details']);
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/user/getsaleperbook/11' }),
        expect.objectContaining({ path: '/user/getordersperbook/11' }),
      ]),
    );
  });

  it('shows the sales tab when the book has sales, Total Revenue showing the revenue', async () => {
    library.sales[11] = ZULU_SALES;
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    const tabs = within(within(panel).getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Details', 'Sales']);
    await user.click(within(panel).getByRole('tab', { name: 'Sales' }));

    const card = (name: string) => within(panel).getByRole('group', { name });
    expect(card('Profit')).toHaveTextContent('R 120.00');
    expect(card('Total Sold')).toHaveTextContent('5');
    expect(card('Total Returned')).toHaveTextContent('2');
    expect(card('Total Royalties')).toHaveTextContent('R 177.50');
    expect(card('Total Cost')).toHaveTextContent('R 300.00');
    expect(card('Total Revenue')).toHaveTextContent('R 999.50');
    expect(card('Total Revenue')).not.toHaveTextContent(/^Total Revenue2$/);
  });

  it("draws the book's monthly sales on its sales tab, the figures in a table under the chart", async () => {
    library.sales[11] = ZULU_SALES;
    library.override = (request) =>
      request.path === '/reports/sales'
        ? {
            status: 200,
            body: {
              from: request.query.from,
              to: request.query.to,
              granularity: 'month',
              time_zone: 'Africa/Johannesburg',
              periods: [
                { start: '2026-04-01', end: '2026-04-30', totals: [] },
                { start: '2026-05-01', end: '2026-05-31', totals: [] },
              ],
              books: [
                {
                  book_id: 11,
                  book_title: 'Zulu Nights',
                  region: 'local',
                  currency: 'ZAR',
                  total: { currency: 'ZAR', units: 5, returns: 2, revenue_cents: 99950, royalties_cents: 17750 },
                  points: [
                    { currency: 'ZAR', units: 3, returns: 2, revenue_cents: 60000, royalties_cents: 3550 },
                    { currency: 'ZAR', units: 2, returns: 0, revenue_cents: 39950, royalties_cents: 14200 },
                  ],
                },
              ],
              channels: [],
              regions: [],
              totals: [{ currency: 'ZAR', units: 5, returns: 2, revenue_cents: 99950, royalties_cents: 17750 }],
            },
          }
        : undefined;
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');
    await user.click(within(panel).getByRole('tab', { name: 'Sales' }));

    const units = await within(panel).findByRole('table', { name: 'Units sold per month, last 12 months' });
    expect(
      within(units)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '2']);
    const royalties = within(panel).getByRole('table', { name: 'Royalties per month, last 12 months (R)' });
    expect(
      within(royalties)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R 35.50', 'R 142.00']);
    const request = calls.find((call) => call.path === '/reports/sales');
    expect(request?.query).toEqual(expect.objectContaining({ bookIds: '11', region: 'local', granularity: 'month' }));
  });

  it("shows the orders tab with the book's orders", async () => {
    library.orders[11] = [ZULU_ORDER];
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    await user.click(within(panel).getByRole('tab', { name: 'Orders' }));

    const rows = within(within(panel).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Zulu Nights05-03-2024 10:30Naledi Dubeshipped to customerR 199.993');
    expect(within(rows[1]!).getByText('shipped to customer')).toHaveClass('saleShipped');
  });

  it('offers Cancel book only when neither archived nor paid, Delete book only when archived, nothing when paid', async () => {
    const user = renderBooks();

    let panel = await openBook(user, 'Zulu Nights');
    expect(within(panel).getByRole('button', { name: 'Cancel book' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete book' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('This book has been cancelled')).not.toBeInTheDocument();

    panel = await openBook(user, 'Kalahari Sun');
    expect(within(panel).getByRole('button', { name: 'Delete book' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel book' })).not.toBeInTheDocument();
    expect(within(panel).getByText('This book has been cancelled')).toBeInTheDocument();

    panel = await openBook(user, 'Ocean Road');
    expect(within(panel).queryByRole('button', { name: 'Cancel book' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete book' })).not.toBeInTheDocument();
  });

  it('cancels a book after confirmation and reloads the books and the user', async () => {
    library.override = (request) => {
      if (request.method !== 'DELETE') return undefined;
      library.localBooks = library.localBooks.map((book) =>
        book.id === 11
          ? { ...book, misc: misc({ status: 'pending', archived: true, internationalBookMatch: 21 }) }
          : book,
      );
      return { status: 200, body: { statusCode: 0, description: 'Your book has been cancelled successfully.' } };
    };
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    await user.click(within(panel).getByRole('button', { name: 'Cancel book' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this book?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel book' }));

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Your book has been cancelled successfully.',
    );
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/user/archivebook/11/0' }));
    await waitFor(() =>
      expect(within(detail('Zulu Nights')).getByText('This book has been cancelled')).toBeInTheDocument(),
    );
    expect(bookButton('Zulu Nights')).toHaveTextContent('cancelled');
    expect(calls.filter((call) => call.path === '/user/getuserbooks')).toHaveLength(2);
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/user/viewuserinfo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first: No keeps the book', async () => {
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    await user.click(within(panel).getByRole('button', { name: 'Cancel book' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'No' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('says when cancelling fails', async () => {
    library.override = (request) =>
      request.method === 'DELETE'
        ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } }
        : undefined;
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    await user.click(within(panel).getByRole('button', { name: 'Cancel book' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel book' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, while trying to archive your book.',
    );
    expect(within(detail('Zulu Nights')).getByRole('button', { name: 'Cancel book' })).toBeInTheDocument();
  });

  it('offline, cancelling is queued: the dialog closes with the queued alert, no failure message', async () => {
    const queued: OfflineRequest[] = [];
    setOfflineQueue(async (request) => {
      queued.push(request);
    });
    library.override = (request) => (request.method === 'DELETE' ? new TypeError('Failed to fetch') : undefined);
    try {
      const user = renderBooks();
      const panel = await openBook(user, 'Zulu Nights');

      await user.click(within(panel).getByRole('button', { name: 'Cancel book' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this book?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel book' }));

      expect(await screen.findByText(QUEUED_ALERTS.delete)).toBeInTheDocument();
      expect(QUEUED_ALERTS.delete).toBe('No network connection - Item will be deleted when connection is restored');
      expect(screen.queryByRole('dialog', { name: 'Cancel this book?' })).not.toBeInTheDocument();
      expect(screen.queryByText('Something went wrong, while trying to archive your book.')).not.toBeInTheDocument();
      expect(screen.queryByText('Your book has been cancelled successfully.')).not.toBeInTheDocument();
      expect(queued).toEqual([expect.objectContaining({ method: 'DELETE', alert: 'delete' })]);
      expect(queued[0]?.url).toMatch(/\/api\/v1\/user\/archivebook\/11\/0$/);
    } finally {
      setOfflineQueue(null);
    }
  });

  it('deletes an archived book after confirmation, removing it from the list and reloading the user', async () => {
    library.override = (request) => {
      if (request.method !== 'DELETE') return undefined;
      library.localBooks = library.localBooks.filter((book) => book.id !== 12);
      return { status: 200, body: { statusCode: 0, description: 'Your book has been deleted successfully.' } };
    };
    const user = renderBooks();
    const panel = await openBook(user, 'Kalahari Sun');

    await user.click(within(panel).getByRole('button', { name: 'Delete book' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this book?' })).getByRole('button', {
        name: 'Yes, delete book',
      }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Your book has been deleted successfully.');
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/user/deletebook/12/0' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Kalahari Sun/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Kalahari Sun' })).not.toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/user/viewuserinfo' }));
  });

  it('says when deleting fails', async () => {
    library.override = (request) =>
      request.method === 'DELETE'
        ? { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Book is paid' } }
        : undefined;
    const user = renderBooks();
    const panel = await openBook(user, 'Kalahari Sun');

    await user.click(within(panel).getByRole('button', { name: 'Delete book' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete book' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, while trying to delete your book.',
    );
  });

  it('links getquote and signedcontract books back into the wizard', async () => {
    const user = renderBooks();

    let panel = await openBook(user, 'Zulu Nights');
    expect(within(panel).getByRole('link', { name: 'Continue Upload Process' })).toHaveAttribute(
      'href',
      '/new-book/publisher-info?continue=true&lbid=11&ibid=21&region=li',
    );

    panel = await openBook(user, 'Ocean Road');
    expect(within(panel).getByRole('link', { name: 'Continue Upload Process' })).toHaveAttribute(
      'href',
      '/new-book/upload-type?continue=true&lbid=13&region=l',
    );

    panel = await openBook(user, 'Kalahari Sun');
    expect(within(panel).queryByRole('link', { name: 'Continue Upload Process' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'International' }));
    panel = await openBook(user, 'Zulu Nights');
    expect(within(panel).getByRole('link', { name: 'Continue Upload Process' })).toHaveAttribute(
      'href',
      '/new-book/upload-type?continue=true&lbid=11&ibid=21&region=li',
    );
  });

  it('offers the contract only when the status exists and is not quote', async () => {
    const user = renderBooks();

    expect(
      within(await openBook(user, 'Zulu Nights')).getByRole('button', { name: 'View contract' }),
    ).toBeInTheDocument();
    expect(
      within(await openBook(user, 'Ocean Road')).queryByRole('button', { name: 'View contract' }),
    ).not.toBeInTheDocument();
    expect(
      within(await openBook(user, 'Untitled draft')).queryByRole('button', { name: 'View contract' }),
    ).not.toBeInTheDocument();
  });

  it("shows the contract failure in a modal when the contract can't be fetched", async () => {
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    await user.click(within(panel).getByRole('button', { name: 'View contract' }));

    const dialog = screen.getByRole('dialog', { name: 'Contract: Zulu Nights' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong while fetching this books contract.',
    );
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/user/viewsignedcontract',
        query: {},
        search: '',
        authorization: null,
        credentials: 'same-origin',
        body: { local_bookId: 11, international_bookId: 21 },
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists every file as a real download through its signed link, with the thumbnail shown inline', async () => {
    library.files[11] = [
      bookFile('thumbnail.jpg', 'Thumbnail', 'thumbnail'),
      bookFile('book.pdf', 'Book', 'book', { size: 3_500_000 }),
      bookFile('cover.pdf', 'Cover', 'cover', { size: null }),
      bookFile('contract.pdf', 'Contract', 'contract'),
    ];
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    expect(within(panel).getByRole('img', { name: 'Zulu Nights' })).toHaveAttribute(
      'src',
      '/api/v1/files/link-thumbnail.jpg?disposition=inline',
    );
    const files = within(within(panel).getByRole('region', { name: 'Files' }));
    expect(files.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Download Thumbnail (thumbnail.jpg)',
      'Download Book (book.pdf)',
      'Download Cover (cover.pdf)',
    ]);
    const book = files.getByRole('link', { name: 'Download Book (book.pdf)' });
    expect(book).toHaveAttribute('href', '/api/v1/files/link-book.pdf');
    expect(book).toHaveAttribute('download', 'book.pdf');
    expect(book.closest('li')).toHaveTextContent('3.3 MB');
    expect(files.getByRole('link', { name: 'Download Cover (cover.pdf)' })).toHaveAttribute(
      'href',
      '/api/v1/files/link-cover.pdf',
    );
    expect(within(panel).queryByText(/too large/i)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /contract/i })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'View book' })).toBeInTheDocument();
    expect(within(panel).queryByText('No thumbnail image was uploaded for this book')).not.toBeInTheDocument();
    // The links need no bearer token: nothing but the book's own calls went out.
    expect(calls.some((call) => call.path.startsWith('/files/'))).toBe(false);
  });

  it('plays audio chapters through their links, and offers no book viewer without a PDF', async () => {
    library.files[13] = [
      bookFile('ocean-road-chapter-1.wav', 'Chapter 1', 'audio'),
      bookFile('ocean-road-chapter-2.wav', 'Chapter 2', 'audio'),
    ];
    library.files[12] = [bookFile('kalahari.epub', 'Book', 'book')];
    const user = renderBooks();

    let panel = await openBook(user, 'Ocean Road');
    const audio = within(within(panel).getByRole('region', { name: 'Audio files' }));
    expect(audio.getByLabelText('Chapter 1')).toHaveAttribute(
      'src',
      '/api/v1/files/link-ocean-road-chapter-1.wav?disposition=inline',
    );
    expect(audio.getByLabelText('Chapter 2')).toHaveAttribute(
      'src',
      '/api/v1/files/link-ocean-road-chapter-2.wav?disposition=inline',
    );
    expect(within(panel).getByRole('link', { name: 'Download Chapter 1 (ocean-road-chapter-1.wav)' })).toHaveAttribute(
      'download',
      'ocean-road-chapter-1.wav',
    );
    expect(within(panel).queryByRole('button', { name: 'View book' })).not.toBeInTheDocument();

    panel = await openBook(user, 'Kalahari Sun');
    expect(within(panel).getByRole('link', { name: 'Download Book (kalahari.epub)' })).toHaveAttribute(
      'href',
      '/api/v1/files/link-kalahari.epub',
    );
    expect(within(panel).queryByRole('button', { name: 'View book' })).not.toBeInTheDocument();
  });

  it('says when no thumbnail was uploaded', async () => {
    const user = renderBooks();
    const panel = await openBook(user, 'Zulu Nights');

    expect(within(panel).getByText('No thumbnail image was uploaded for this book')).toBeInTheDocument();
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
  });
});
