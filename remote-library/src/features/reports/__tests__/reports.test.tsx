import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCurrentUser, setTokens, type User } from '@pod/shared-contracts';
import {
  fakeJwt,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { ReportsView } from '../reports-view';
import { REPORT, STATEMENTS } from './report-fixtures';

const TODAY = new Date(2026, 4, 14, 10, 0);
const BOOKS = {
  statusCode: 200,
  localBooks: [
    { id: 12, book_title: 'River Song', format_type: 'print' },
    { id: 13, book_title: 'Quiet Hills', format_type: 'print' },
  ],
  internationalBooks: [{ id: 40, book_title: 'Dry Season', format_type: 'ebook' }],
};

const ACCESS = fakeJwt(3600, { sub: '7' });
let calls: RecordedRequest[];
const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/export');
const revokeObjectURL = jest.fn();
const clicked: { href: string; download: string }[] = [];

function answer(request: RecordedRequest): FakeAnswer {
  if (request.path.startsWith('/user/getuserbooks')) return { status: 200, body: BOOKS };
  if (request.path === '/reports/sales') return { status: 200, body: REPORT };
  if (request.path === '/reports/statements') return { status: 200, body: { statements: STATEMENTS } };
  if (request.path.startsWith('/reports/export/') || request.path.startsWith('/reports/statements/')) {
    const name = request.path.startsWith('/reports/export/')
      ? 'sales-2026-04-01-to-2026-05-14.csv'
      : 'statement-2026-Q1.pdf';
    return {
      status: 200,
      bytes: new TextEncoder().encode('a,b\r\n1,2\r\n'),
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${name}"` },
    };
  }
  return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
}

beforeEach(() => {
  setCurrentUser({ id: 7, name_first: 'Thandi', email: 'thandi@example.co.za', initial_login: 1 } as User);
  setTokens({ accessToken: ACCESS, refreshToken: fakeJwt(86_400, { sub: '7' }) });
  calls = installFakeFetch(answer);
  clicked.length = 0;
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});

afterEach(() => jest.restoreAllMocks());

const render = () => ({
  user: userEvent.setup(),
  ...renderWithProviders(<ReportsView today={() => TODAY} />, { route: '/reports' }),
});
const salesCalls = () => calls.filter((call) => call.path === '/reports/sales');

describe('the reports', () => {
  it('asks for the last 30 days per day at first, then for the preset and books chosen', async () => {
    const { user } = render();
    await screen.findByRole('table', { name: 'Units sold per period' });
    expect(salesCalls()[0]?.query).toEqual({ from: '2026-04-15', to: '2026-05-14', granularity: 'day' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'This quarter');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Granularity' }), 'Month');
    await user.click(await screen.findByRole('checkbox', { name: 'River Song' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dry Season' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Local (R)');

    await waitFor(() =>
      expect(salesCalls().at(-1)?.query).toEqual({
        from: '2026-04-01',
        to: '2026-05-14',
        granularity: 'month',
        bookIds: '12,40',
        region: 'local',
      }),
    );
  });

  it('shows the same figures in the tables as the report, royalties apart per currency', async () => {
    render();
    const units = await screen.findByRole('table', { name: 'Units sold per period' });
    expect(
      within(units)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Period ▲', 'River Song', 'Dry Season']);
    expect(
      within(units)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Apr 2026', 'May 2026']);
    expect(
      within(units)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '0', '2', '3']);

    const rand = screen.getByRole('table', { name: 'Royalties in R per period' });
    expect(
      within(rand)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R 40.00', 'R 25.00']);
    const usd = screen.getByRole('table', { name: 'Royalties in USD per period' });
    expect(
      within(usd)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['USD 0.00', 'USD 9.00']);
    expect(screen.getByRole('list', { name: 'Totals of the range' })).toHaveTextContent(
      'Local (R): 7 sold, 1 returned, revenue R 700.00, royalties R 65.00',
    );
    expect(screen.getByRole('img', { name: /^Units sold per period, Apr 2026 to May 2026/ })).toBeInTheDocument();
  });

  it('exports the CSV of exactly the filters shown, through the client with the bearer', async () => {
    const { user } = render();
    await screen.findByRole('table', { name: 'Units sold per period' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Year to date');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'Takealot');

    await user.click(screen.getByRole('button', { name: 'Export sales (CSV)' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = calls.find((call) => call.path === '/reports/export/sales');
    expect(request?.query).toEqual({ from: '2026-01-01', to: '2026-05-14', granularity: 'day', channel: 'takealot' });
    expect(clicked[0]).toEqual({
      href: 'blob:http://localhost/export',
      download: 'sales-2026-04-01-to-2026-05-14.csv',
    });
    expect(request?.authorization).toBe(`Bearer ${ACCESS}`);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing until both custom days are typed', async () => {
    const { user } = render();
    await screen.findByRole('table', { name: 'Units sold per period' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Custom');
    expect(screen.getByRole('button', { name: 'Export sales (CSV)' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: /From/ }), '01-02-2026');
    await user.type(screen.getByRole('textbox', { name: /To/ }), '28-02-2026');

    await waitFor(() =>
      expect(salesCalls().at(-1)?.query).toEqual({ from: '2026-02-01', to: '2026-02-28', granularity: 'day' }),
    );
    expect(screen.getByRole('button', { name: 'Export sales (CSV)' })).toBeEnabled();
  });

  it('lists the statements with a PDF and a CSV download for each period', async () => {
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Royalty statements by payout period' });
    expect(within(table).getByText('2026-Q1 (01-01-2026 to 31-03-2026)')).toBeInTheDocument();
    expect(within(table).getByText('R 150.00')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Download PDF of 2026-Q1' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls.find((call) => call.path === '/reports/statements/2026-Q1')?.query).toEqual({ format: 'pdf' });
    expect(clicked[0]?.download).toBe('statement-2026-Q1.pdf');
    expect(within(table).getByRole('button', { name: 'Download CSV of 2026-Q1' })).toBeInTheDocument();
  });
});
