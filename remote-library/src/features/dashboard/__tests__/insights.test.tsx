import { screen, within } from '@testing-library/react';
import { setCurrentUser, type ReportsSummary, type User, Route, Routes } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders, type FakeAnswer } from '@pod/shared-contracts/testing';
import { DashboardScreen } from '../../../routes/dashboard';

const SUMMARY: ReportsSummary = {
  month: '2026-05',
  royalties_this_month: [
    { currency: 'ZAR', amount_cents: 123450 },
    { currency: 'USD', amount_cents: 900 },
  ],
  royalties_last_month: [{ currency: 'ZAR', amount_cents: 4000 }],
  units_this_month: 17,
  next_payout: {
    date: '2026-06-30',
    periods: ['2026-Q1'],
    amounts: [
      { currency: 'ZAR', amount_cents: 15000, threshold_cents: 10000, will_be_paid: true },
      { currency: 'USD', amount_cents: 300, threshold_cents: 542, will_be_paid: false },
    ],
  },
  books_in_progress: [
    {
      book_id: 12,
      international_book_id: 40,
      book_title: 'River Song',
      format_type: 'print',
      region: 'local',
      stage: 'getquote',
      status: 'quote',
      created_at: '2026-05-01T08:00:00Z',
    },
    {
      book_id: 13,
      book_title: 'Quiet Hills',
      format_type: 'ebook',
      region: 'local',
      stage: 'uploaded',
      status: 'pending',
      created_at: '2026-04-01T08:00:00Z',
    },
  ],
  recent_orders: [
    {
      order_id: 'A-1',
      product_title: 'River Song',
      sale_status: 'shipped to customer',
      selling_price: 250,
      currency: 'ZAR',
      quantity: 2,
      order_date: '2026-05-10T09:30:00',
    },
  ],
};

const EMPTY: ReportsSummary = {
  month: '2026-05',
  royalties_this_month: [],
  royalties_last_month: [],
  units_this_month: 0,
  next_payout: { date: '2026-06-30', periods: [], amounts: [] },
  books_in_progress: [],
  recent_orders: [],
};

let summary: ReportsSummary;

beforeEach(() => {
  sessionStorage.setItem('pod.dashboard.payoutNoticeShown', '1');
  sessionStorage.setItem('pod.dashboard.browserNoticeShown', '1');
  setCurrentUser({ id: 7, name_first: 'Thandi', email: 'thandi@example.co.za', balance: 50, initial_login: 1 } as User);
  installFakeFetch((request): FakeAnswer =>
    request.path === '/reports/summary'
      ? { status: 200, body: summary }
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } },
  );
});

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<DashboardScreen />} />
    </Routes>,
    { route: '/dashboard' },
  );

describe('the dashboard figures', () => {
  it('shows royalties per currency, never summed, the units, the next payout and its contents', async () => {
    summary = SUMMARY;
    render();

    const royalties = await screen.findByRole('region', { name: 'Royalties' });
    expect(
      within(royalties)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['R 1 234.50', 'USD 9.00', 'R 40.00']);
    // Each month's list is named by its heading, so the two months are never confused.
    const items = (name: string) =>
      within(within(royalties).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items('This month')).toEqual(['R 1 234.50', 'USD 9.00']);
    expect(items('Last month')).toEqual(['R 40.00']);
    expect(royalties).toHaveTextContent('Units sold this month: 17');

    const payout = screen.getByRole('region', { name: 'Next payout' });
    expect(payout).toHaveTextContent('On 30-06-2026, for 2026-Q1.');
    expect(payout).toHaveTextContent('R 150.00 will be paid.');
    expect(payout).toHaveTextContent('USD 3.00 is below the minimum of USD 5.42 and will be carried forward.');
    // The balance card and the other cards are still there.
    expect(screen.getByRole('region', { name: 'Your balance' })).toHaveTextContent('R 50.00');
  });

  it('lists the books in progress with their stage and a Continue link to that wizard stage', async () => {
    summary = SUMMARY;
    render();

    const books = await screen.findByRole('region', { name: 'Books in progress' });
    expect(books).toHaveTextContent('River Song Quote saved: publisher details next');
    expect(within(books).getByRole('link', { name: 'Continue River Song' })).toHaveAttribute(
      'href',
      '/new-book/publisher-info?continue=true&lbid=12&ibid=40&region=li',
    );
    expect(books).toHaveTextContent('Quiet Hills Files uploaded: awaiting payment or review');
    expect(within(books).queryByRole('link', { name: 'Continue Quiet Hills' })).not.toBeInTheDocument();
  });

  it('shows the five most recent orders in a table', async () => {
    summary = SUMMARY;
    render();

    const orders = await screen.findByRole('table', { name: 'Recent orders' });
    const cells = within(orders)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['River Song', '10-05-2026 09:30', 'shipped to customer', '2', 'R 250.00']);
  });

  it('tells a new author to start a book', async () => {
    summary = EMPTY;
    render();

    const books = await screen.findByRole('region', { name: 'Books in progress' });
    expect(within(books).getByRole('link', { name: 'Start a book' })).toHaveAttribute('href', '/new-book');
    expect(screen.getByRole('region', { name: 'Royalties' })).toHaveTextContent('No royalties yet this month.');
    expect(screen.getByRole('region', { name: 'Next payout' })).toHaveTextContent('Nothing to pay yet');
    expect(screen.getByRole('table', { name: 'Recent orders' })).toHaveTextContent('No orders yet.');
  });
});
