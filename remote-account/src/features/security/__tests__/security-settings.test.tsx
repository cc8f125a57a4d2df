import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AlertRegion,
  alertsAtom,
  hydrateSession,
  sessionStore,
  setCurrentUser,
  setTokens,
  type User,
} from '@pod/shared-contracts';
import {
  fakeJwt,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { SecuritySettings } from '../security-settings';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '0')}`);

function thandi(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'thandi@example.co.za',
    name_first: 'Thandi',
    name_last: 'Nkosi',
    balance: 0,
    user_status: 1,
    initial_login: 1,
    two_factor_enabled: false,
    login_notifications: true,
    ...overrides,
  };
}

/**
 * The API behind the settings: the user as stored on the server (changed by the calls), and
 * `answer` for the calls a test scripts; anything else is a 500.
 */
function fakeServer(answer: (request: RecordedRequest, server: { user: User }) => FakeAnswer | undefined) {
  const server = { user: thandi() };
  const log = installFakeFetch((request) => {
    const scripted = answer(request, server);
    if (scripted) return scripted;
    if (request.path === '/user/viewuserinfo') return { status: 200, body: { statusCode: 0, result: server.user } };
    return { status: 500, body: { message: 'Internal server error' } };
  });
  return { log, server };
}

const ACCESS = fakeJwt(600, { sub: '7' });

function renderSettings(user: User) {
  setTokens({ accessToken: ACCESS, refreshToken: fakeJwt(3600, { sub: '7' }) });
  setCurrentUser(user);
  renderWithProviders(
    <>
      <AlertRegion />
      <SecuritySettings />
    </>,
    { strict: true },
  );
  return userEvent.setup();
}

const twoFactorSwitch = () => screen.getByRole('switch', { name: 'Two-factor authentication' });
const notificationsSwitch = () => screen.getByRole('switch', { name: 'Login notifications' });

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
});

describe('SecuritySettings', () => {
  it('shows both settings as switches reflecting the user', () => {
    fakeServer(() => undefined);
    renderSettings(thandi({ two_factor_enabled: true, login_notifications: false }));

    const section = screen.getByRole('region', { name: 'Security' });
    expect(within(section).getByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(twoFactorSwitch()).toBeChecked();
    expect(twoFactorSwitch()).toHaveAttribute('type', 'checkbox');
    expect(notificationsSwitch()).not.toBeChecked();
  });

  it('turns two-factor on: QR code and setup key, a code confirms, then the recovery codes once', async () => {
    const { log } = fakeServer((request, server) => {
      if (request.path === '/user/2fa/setup')
        return { status: 200, body: { secret: SECRET, otpauthUri: 'otpauth://totp/x', qrSvg: QR_SVG } };
      if (request.path !== '/user/2fa/enable') return undefined;
      if ((request.body as { code: string }).code !== '123456') {
        return {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'The code is not valid. Enter the code your authenticator app shows now.',
            code: 'CODE_INVALID',
          },
        };
      }
      server.user = { ...server.user, two_factor_enabled: true };
      return { status: 200, body: { recoveryCodes: RECOVERY_CODES } };
    });
    const user = renderSettings(thandi());

    await user.click(twoFactorSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    expect(within(dialog).getByLabelText('Setup key')).toHaveTextContent(SECRET);
    expect(log.filter((r) => r.path === '/user/2fa/setup')).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'POST', path: '/user/2fa/setup', authorization: `Bearer ${ACCESS}` });
    expect(twoFactorSwitch()).not.toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'Authentication code' }), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The code is not valid. Enter the code your authenticator app shows now.',
    );

    await user.clear(within(dialog).getByRole('textbox', { name: 'Authentication code' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Authentication code' }), '123456{Enter}');

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(log.filter((r) => r.path === '/user/2fa/enable').map((r) => r.body)).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);
    await waitFor(() => expect(twoFactorSwitch()).toBeChecked());
    expect(log.some((r) => r.path === '/user/viewuserinfo')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Two-factor authentication is on.');
  });

  it('leaves two-factor off when the set-up is cancelled', async () => {
    const { log } = fakeServer((request) =>
      request.path === '/user/2fa/setup'
        ? { status: 200, body: { secret: SECRET, otpauthUri: 'otpauth://totp/x', qrSvg: QR_SVG } }
        : undefined,
    );
    const user = renderSettings(thandi());

    await user.click(twoFactorSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
    await within(dialog).findByLabelText('Setup key');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(twoFactorSwitch()).not.toBeChecked();
    expect(log.some((r) => r.path === '/user/2fa/enable')).toBe(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('turns two-factor off with the password', async () => {
    const { log } = fakeServer((request, server) => {
      if (request.path !== '/user/2fa/disable') return undefined;
      if ((request.body as { password: string }).password !== 'Secret#123') {
        return {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'The password you entered is incorrect.',
            code: 'PASSWORD_INCORRECT',
          },
        };
      }
      server.user = { ...server.user, two_factor_enabled: false };
      return { status: 200, body: { statusCode: 0, description: 'Two-factor authentication is off.' } };
    });
    const user = renderSettings(thandi({ two_factor_enabled: true }));

    await user.click(twoFactorSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    expect(twoFactorSwitch()).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password');
    expect(log.some((r) => r.path === '/user/2fa/disable')).toBe(false);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password you entered is incorrect.');

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Secret#123');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Two-factor authentication is off.');
    await waitFor(() => expect(twoFactorSwitch()).not.toBeChecked());
    expect(log.filter((r) => r.path === '/user/2fa/disable').map((r) => r.body)).toEqual([
      { password: 'wrong' },
      { password: 'Secret#123' },
    ]);
  });

  it('saves login notifications at once and confirms it', async () => {
    const { log } = fakeServer((request, server) => {
      if (request.path !== '/user/loginnotifications') return undefined;
      server.user = { ...server.user, login_notifications: (request.body as { enabled: boolean }).enabled };
      return { status: 200, body: { statusCode: 0, result: server.user } };
    });
    const user = renderSettings(thandi());

    await user.click(notificationsSwitch());

    expect(await screen.findByRole('status')).toHaveTextContent('Login notifications are off.');
    expect(notificationsSwitch()).not.toBeChecked();
    expect(log.find((r) => r.path === '/user/loginnotifications')).toMatchObject({
      method: 'PUT',
      body: { enabled: false },
    });

    await user.click(notificationsSwitch());
    await waitFor(() => expect(notificationsSwitch()).toBeChecked());
    expect(screen.getByText(/Login notifications are on/)).toBeInTheDocument();
  });

  it('shows the failure and the stored value when saving fails', async () => {
    fakeServer(() => undefined);
    const user = renderSettings(thandi());

    await user.click(notificationsSwitch());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Something went wrong and we're not sure what to do about it.",
    );
    expect(notificationsSwitch()).toBeChecked();
  });
});
