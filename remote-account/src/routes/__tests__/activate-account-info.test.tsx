import { screen } from '@testing-library/react';
import { getAccessToken, getRefreshToken, setCurrentUser, setTokens } from '@pod/shared-contracts';
import { fakeJwt, installFakeFetch } from '@pod/shared-contracts/testing';
import { currentLocation, renderApp, resetSession } from '../../test-support/render-app';

beforeEach(resetSession);

describe('/activate-account-info', () => {
  it('tells the user to follow the e-mailed link, with the title and one heading', () => {
    setCurrentUser({
      id: 42,
      email: 'thandi@example.co.za',
      name_first: 'Thandi',
      name_last: 'Mokoena',
      balance: 100,
      user_status: 0,
      initial_login: 0,
    });
    renderApp('/activate-account-info');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Activate Your Account' })).toBeInTheDocument();
    expect(screen.getByText(/follow the link we sent to/)).toHaveTextContent(
      'Please follow the link we sent to thandi@example.co.za to activate your account before logging in.',
    );
    expect(document.title).toBe('Print on Demand | Activate your account');
  });

  it("'Back to login' goes to /login and logs nothing out", async () => {
    const access = fakeJwt(3600, { sub: '42', user_status: 0 });
    const refresh = fakeJwt(86_400, { sub: '42' });
    setTokens({ accessToken: access, refreshToken: refresh });
    const calls = installFakeFetch(() => ({ status: 200 }));
    const user = renderApp('/activate-account-info');

    await user.click(screen.getByRole('link', { name: 'Back to login' }));

    expect(currentLocation()).toBe('/login');
    expect(getAccessToken()).toBe(access);
    expect(getRefreshToken()).toBe(refresh);
    expect(calls).toHaveLength(0);
  });
});
