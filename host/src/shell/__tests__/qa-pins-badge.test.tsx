import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QA_PINS_STORAGE_KEY, reportLoadedVersion } from '@pod/shared-contracts';
import { writePins } from '../../federation/pin-storage';
import { renderApp, THANDI } from '../../test-support/render-app';
import { QaPinsBadge } from '../qa-pins-badge';

describe('QA pins badge', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('lists the pins in a region named QA pins', () => {
    writePins([
      { remote: 'remote_checkout', version: '1.3.0' },
      { remote: 'remote_wizard', version: '2.0.1' },
    ]);
    render(<QaPinsBadge reload={jest.fn()} />);

    const badge = screen.getByRole('region', { name: 'QA pins' });
    expect(badge).toHaveTextContent('Pinned: checkout@1.3.0, wizard@2.0.1');
    expect(within(badge).getByRole('button', { name: 'Clear pins' })).toBeInTheDocument();
  });

  it("'Clear pins' forgets the pins and reloads the page", async () => {
    const user = userEvent.setup();
    const reload = jest.fn();
    writePins([{ remote: 'remote_checkout', version: '1.3.0' }]);
    render(<QaPinsBadge reload={reload} />);

    await user.click(screen.getByRole('button', { name: 'Clear pins' }));

    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(QA_PINS_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('region', { name: 'QA pins' })).not.toBeInTheDocument();
  });

  it('is absent without pins and appears when pins are stored', () => {
    render(<QaPinsBadge reload={jest.fn()} />);
    expect(screen.queryByRole('region', { name: 'QA pins' })).not.toBeInTheDocument();

    act(() => writePins([{ remote: 'remote_library', version: '1.1.0' }]));

    expect(screen.getByRole('region', { name: 'QA pins' })).toHaveTextContent('Pinned: library@1.1.0');
  });

  it('lists the builds the remotes report as loaded, updating when one reports', () => {
    writePins([{ remote: 'remote_checkout', version: '1.3.0' }]);
    render(<QaPinsBadge reload={jest.fn()} />);
    act(() => reportLoadedVersion('remote_checkout', '1.3.0'));
    expect(screen.getByRole('region', { name: 'QA pins' })).toHaveTextContent('Loaded: checkout 1.3.0');

    act(() => reportLoadedVersion('remote_account', '0.1.0'));
    expect(screen.getByRole('region', { name: 'QA pins' })).toHaveTextContent('Loaded: account 0.1.0, checkout 1.3.0');
    expect((globalThis as { __POD_LOADED_REMOTES__?: object }).__POD_LOADED_REMOTES__).toEqual({
      remote_checkout: '1.3.0',
      remote_account: '0.1.0',
    });
  });

  it('shows on /login (no shell) and on a signed-in page beside the support chat', async () => {
    writePins([{ remote: 'remote_checkout', version: '1.3.0' }]);
    const { unmount } = renderApp('/login');
    expect(await screen.findByRole('region', { name: 'QA pins' })).toHaveTextContent('Pinned: checkout@1.3.0');
    unmount();

    renderApp('/books', { user: THANDI });
    expect(await screen.findByRole('region', { name: 'QA pins' })).toHaveTextContent('Pinned: checkout@1.3.0');
    expect(screen.getByRole('complementary', { name: 'Support' })).toBeInTheDocument();
  });
});
