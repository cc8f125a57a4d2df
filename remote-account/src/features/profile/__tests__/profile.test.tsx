import { act, screen, waitFor, within } from '@testing-library/react';
import { getCurrentUser } from '@pod/shared-contracts';
import { installFakeFetch, type RecordedRequest } from '@pod/shared-contracts/testing';
import { renderApp, resetSession } from '../../../test-support/render-app';
import { signInAs, THANDI, userInfo } from '../../../test-support/signed-in';

const reads = (calls: RecordedRequest[]) => calls.filter((call) => call.path === '/user/viewuserinfo');
const details = () => screen.getByRole('region', { name: 'Your details' });

/** The value of a label/value row of the details card. */
function row(label: string): string {
  const term = within(details()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** Renders /profile and waits until the re-read of the user has been stored and shown. */
async function arrive() {
  const stored = getCurrentUser();
  renderApp('/profile');
  await waitFor(() => expect(getCurrentUser()).not.toBe(stored));
  await act(async () => {});
}

beforeEach(resetSession);

describe('/profile', () => {
  it('shows the balance in the shared format, the full name and the e-mail', async () => {
    signInAs();
    installFakeFetch(() => userInfo());
    await arrive();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(row('Balance')).toBe('R 1 234.00');
    expect(row('Full name')).toBe('Thandi Mokoena');
    expect(row('E-mail')).toBe('thandi@example.co.za');
    expect(row('Phone number')).toBe('+27821234567');
    expect(document.title).toBe('Print on Demand | Profile');
  });

  it('links to Update Request and Change password and offers both dialogs', async () => {
    signInAs();
    installFakeFetch(() => userInfo());
    await arrive();

    expect(screen.getByRole('link', { name: 'Update Request' })).toHaveAttribute('href', '/profile/update-users');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/profile/change-password');
    expect(screen.getByRole('button', { name: 'Change e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reads the user again on arrival and shows the answer', async () => {
    signInAs({ ...THANDI, balance: 0 });
    const calls = installFakeFetch(() => userInfo({ ...THANDI, balance: 250.5 }));
    renderApp('/profile');

    expect(row('Balance')).toBe('R 0.00');
    await waitFor(() => expect(row('Balance')).toBe('R 250.50'));
    expect(reads(calls)).toHaveLength(1);
    expect(reads(calls)[0]?.authorization).toMatch(/^Bearer /);
  });

  it('keeps the stored user when the read fails', async () => {
    signInAs();
    const calls = installFakeFetch(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    }));
    renderApp('/profile');

    await waitFor(() => expect(reads(calls)).toHaveLength(1));
    await act(async () => {});
    expect(row('Full name')).toBe('Thandi Mokoena');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no review notice when nothing is pending', async () => {
    signInAs();
    installFakeFetch(() => userInfo());
    await arrive();

    expect(screen.queryByText(/waiting for review/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review and approve the changes' })).not.toBeInTheDocument();
  });

  it('says that an update request is waiting for review (user_confirmation 1)', async () => {
    const waiting = { ...THANDI, user_confirmation: 1 };
    signInAs(waiting);
    installFakeFetch(() => userInfo(waiting));
    await arrive();

    expect(screen.getByText(/Your update request is waiting for review/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review and approve the changes' })).not.toBeInTheDocument();
  });

  it('links to profile confirmation when an admin applied changes (admin_confirmation 1)', async () => {
    const applied = { ...THANDI, admin_confirmation: 1 };
    signInAs(applied);
    installFakeFetch(() => userInfo(applied));
    await arrive();

    expect(screen.getByRole('link', { name: 'Review and approve the changes' })).toHaveAttribute(
      'href',
      '/profile-confirmation?currentUser=7',
    );
    expect(screen.queryByText(/waiting for review/)).not.toBeInTheDocument();
  });

  it('renders only the heading without a signed-in user, reading nothing', () => {
    const calls = installFakeFetch(() => userInfo());
    renderApp('/profile');

    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your details' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
