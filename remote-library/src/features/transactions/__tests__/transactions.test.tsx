import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alertsAtom, sessionStore } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders, type FakeAnswer } from '@pod/shared-contracts/testing';
import { TransactionsScreen } from '../../../routes/transactions';

const COLUMNS = ['Date and time', 'Type', 'Amount before fees', 'Fee', 'Amount after fees', 'Status', 'Balance'];

function renderTransactions() {
  renderWithProviders(<TransactionsScreen />, { route: '/transactions' });
}

beforeEach(() => sessionStore.set(alertsAtom, []));

describe('/transactions', () => {
  it('shows the seven columns and fills the rows from GET /user/transactions', async () => {
    const log = installFakeFetch(() => ({
      status: 200,
      body: {
        statusCode: 0,
        results: [
          {
            id: 2,
            date: '2024-04-02T14:05:00',
            type: 'top-up',
            amount_before_fees: 1500,
            fee: 12.5,
            amount_after_fees: 1487.5,
            status: 'complete',
            balance: 1587.5,
          },
          {
            id: 1,
            date: '2024-04-01T09:00:00',
            type: 'welcome credit',
            amount_before_fees: 100,
            fee: 0,
            amount_after_fees: 100,
            status: 'complete',
            balance: 100,
          },
        ],
      },
    }));
    renderTransactions();

    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Transactions');
    const first = await screen.findByRole('row', { name: /top-up/ });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(COLUMNS);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['02-04-2024 14:05', 'top-up', 'R 1 500.00', 'R 12.50', 'R 1 487.50', 'complete', 'R 1 587.50']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(log.map((request) => [request.path, request.query])).toEqual([
      ['/user/transactions', { skip: '0', take: '100' }],
    ]);
  });

  it("keeps the server's order (newest first, ties by the server's own rule) and formats rand amounts", async () => {
    installFakeFetch(() => ({
      status: 200,
      body: {
        statusCode: 0,
        results: [
          {
            id: 7,
            date: '2024-05-10T08:00:00Z',
            type: 'payment',
            amount_before_fees: 1250,
            fee: 0,
            amount_after_fees: 1250,
            status: 'complete',
            balance: 0,
            reference: 'BAL-1',
          },
          {
            id: 9,
            date: '2024-05-10T08:00:00Z',
            type: 'top-up',
            amount_before_fees: 1250,
            fee: 0,
            amount_after_fees: 1250,
            status: 'complete',
            balance: 1250,
            reference: 'PAY-1',
          },
          {
            id: 3,
            date: '2024-05-01T08:00:00Z',
            type: 'coupon',
            amount_before_fees: 50,
            fee: 0,
            amount_after_fees: 50,
            status: 'pending',
            balance: 50,
            reference: null,
          },
        ],
      },
    }));
    renderTransactions();

    await screen.findByRole('row', { name: /top-up/ });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'payment',
      'top-up',
      'coupon',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .slice(2)
        .map((cell) => cell.textContent),
    ).toEqual(['R 1 250.00', 'R 0.00', 'R 1 250.00', 'complete', 'R 0.00']);
    expect(within(rows[1]!).getAllByRole('cell')[6]).toHaveTextContent('R 1 250.00');
    expect(within(rows[2]!).getAllByRole('cell')[5]).toHaveTextContent('pending');
  });

  it("shows a 'No transactions yet' row when there are none", async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0, results: [] } }));
    renderTransactions();

    expect(await screen.findByRole('cell', { name: 'No transactions yet' })).toHaveAttribute('colspan', '7');
  });

  it('shows the empty table quietly while the server answers 501', async () => {
    installFakeFetch(() => ({
      status: 501,
      body: { statusCode: 501, error: 'Not Implemented', message: 'Not implemented yet' },
    }));
    renderTransactions();

    expect(await screen.findByRole('cell', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(sessionStore.get(alertsAtom)).toEqual([]);
  });

  it('shows other failures with Retry, never the empty row nor a global alert, and Retry loads the rows', async () => {
    let fail = true;
    const log = installFakeFetch((): FakeAnswer =>
      fail
        ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } }
        : {
            status: 200,
            body: {
              statusCode: 0,
              results: [
                {
                  id: 1,
                  date: '2024-04-01T09:00:00',
                  type: 'welcome credit',
                  amount_before_fees: 100,
                  fee: 0,
                  amount_after_fees: 100,
                  status: 'complete',
                  balance: 100,
                },
              ],
            },
          },
    );
    renderTransactions();

    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong/);
    expect(screen.queryByRole('cell', { name: 'No transactions yet' })).not.toBeInTheDocument();
    expect(sessionStore.get(alertsAtom)).toEqual([]);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('row', { name: /welcome credit/ })).toBeInTheDocument();
    expect(log).toHaveLength(2);
  });
});
