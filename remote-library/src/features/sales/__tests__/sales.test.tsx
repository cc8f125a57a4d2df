import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, renderWithProviders, type FakeAnswer } from '@pod/shared-contracts/testing';
import { SalesScreen } from '../../../routes/sales';

const KAROO = {
  book_id: 3,
  book_title: 'Karoo Nights',
  currency: 'ZAR',
  profit: 420.5,
  quantity: 12,
  returned: 1,
  total_royalties: 380,
  total_cost: 900,
  total_revenue: 1320.5,
};

describe('/sales', () => {
  it('lists the sales GET /user/getallsale answers under `results`, one row per book', async () => {
    const log = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, results: [KAROO] } }));
    renderWithProviders(<SalesScreen />, { route: '/sales' });

    expect(screen.getByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Sales');
    const row = await screen.findByRole('row', { name: /Karoo Nights/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Karoo Nights', '12', '1', 'R 380.00', 'R 1 320.50', 'R 420.50']);
    expect(screen.queryByText('There are no sales to show yet.')).not.toBeInTheDocument();
    expect(log.map((request) => request.path)).toEqual(['/user/getallsale']);
  });

  it('says there are no sales only when the answer holds none', async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0, results: [] } }));
    renderWithProviders(<SalesScreen />);

    expect(await screen.findByText('There are no sales to show yet.')).toBeInTheDocument();
  });

  it('shows a failure with Retry instead of the empty message', async () => {
    let fail = true;
    installFakeFetch((): FakeAnswer =>
      fail
        ? { status: 500, body: { message: 'Sales are unavailable' } }
        : { status: 200, body: { statusCode: 0, results: [KAROO] } },
    );
    renderWithProviders(<SalesScreen />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Sales are unavailable');
    expect(screen.queryByText('There are no sales to show yet.')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Karoo Nights/ })).toBeInTheDocument();
  });
});
