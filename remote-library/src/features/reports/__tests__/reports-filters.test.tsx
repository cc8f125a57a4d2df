import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCurrentUser, type User, Route, Routes } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { ReportsScreen } from '../../../routes/reports';

beforeEach(() => {
  setCurrentUser({ id: 7, name_first: 'Thandi', email: 'thandi@example.co.za', initial_login: 1 } as User);
  installFakeFetch((request) =>
    request.path === '/user/getuserbooks/' || request.path === '/user/getuserbooks'
      ? {
          status: 200,
          body: {
            statusCode: 200,
            localBooks: [{ id: 1, book_title: 'River Song', format_type: 'print' }],
            internationalBooks: [],
          },
        }
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } },
  );
});

describe('the reports filters', () => {
  it('labels every control and shows the two custom days only for Custom', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/reports" element={<ReportsScreen />} />
      </Routes>,
      { route: '/reports' },
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('last-30-days');
    expect(screen.getByRole('combobox', { name: 'Granularity' })).toHaveValue('day');
    expect(screen.getByRole('combobox', { name: 'Channel' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Region' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'River Song' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: /From/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Custom');

    expect(screen.getByRole('textbox', { name: /From/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /To/ })).toBeInTheDocument();
  });
});
