import { act, screen } from '@testing-library/react';
import { setCurrentUser } from '@pod/shared-contracts';
import userEvent from '@testing-library/user-event';
import type { ModuleImporter } from '../../federation/remote-loader';
import { installFakeApi } from '../../test-support/fake-api';
import { fakeRemoteModules, renderApp, THANDI } from '../../test-support/render-app';

/** The fake remotes, counting the cart panel's loads; `failCartPanel` until `recover`. */
function countingImporter(failCartPanel = false) {
  const fake = fakeRemoteModules();
  const requests: string[] = [];
  let fail = failCartPanel;
  const importer: ModuleImporter = async (id) => {
    requests.push(id);
    if (fail && id === 'remote_checkout/CartPanel') throw new Error('remote_checkout is down');
    return fake(id);
  };
  return {
    importer,
    requests,
    cartPanelLoads: () => requests.filter((id) => id === 'remote_checkout/CartPanel').length,
    recover: () => {
      fail = false;
    },
  };
}

const ITEM = { book_id: 3, international_book_id: null, created_at: '2026-03-05T10:00:00.000Z', misc: '[]' };

const banner = () => screen.getByRole('banner');

describe("the top bar's cart", () => {
  it("counts the stored user's cart, follows it, and loads nothing of remote_checkout", async () => {
    const requests = installFakeApi();
    const remotes = countingImporter();
    renderApp('/books', { user: { ...THANDI, cart: [ITEM] }, importer: remotes.importer });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    const toggle = await screen.findByRole('button', { name: 'Cart (1 item)' });
    expect(banner()).toContainElement(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    act(() => setCurrentUser({ ...THANDI, cart: [ITEM, ITEM] }));

    expect(screen.getByRole('button', { name: 'Cart (2 items)' })).toBe(toggle);
    expect(remotes.requests.filter((id) => id.startsWith('remote_checkout/'))).toEqual([]);
    expect(requests.filter((request) => request.includes('/user/cart'))).toEqual([]);
  });

  it("loads remote_checkout's panel on the first opening only, names it in aria-controls, and closes from it", async () => {
    const user = userEvent.setup();
    installFakeApi();
    const remotes = countingImporter();
    renderApp('/books', { user: THANDI, importer: remotes.importer });
    const toggle = await screen.findByRole('button', { name: 'Cart (0 items)' });

    await user.click(toggle);

    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(checkout);
    expect(banner()).toContainElement(panel);
    expect(remotes.cartPanelLoads()).toBe(1);

    await user.click(checkout);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeInTheDocument();
    expect(remotes.cartPanelLoads()).toBe(1);
  });

  it('starts loading the panel when the pointer or focus reaches the button', async () => {
    const user = userEvent.setup();
    installFakeApi();
    const remotes = countingImporter();
    renderApp('/books', { user: THANDI, importer: remotes.importer });
    const toggle = await screen.findByRole('button', { name: 'Cart (0 items)' });
    expect(remotes.cartPanelLoads()).toBe(0);

    await user.hover(toggle);

    expect(remotes.cartPanelLoads()).toBe(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeInTheDocument();
    expect(remotes.cartPanelLoads()).toBe(1);
  });

  it('closes when the button is pressed again, on Escape (focus back to the button) and on a click outside', async () => {
    const user = userEvent.setup();
    installFakeApi();
    renderApp('/orders', { user: THANDI });
    const toggle = await screen.findByRole('button', { name: 'Cart (0 items)' });

    await user.click(toggle);
    await screen.findByRole('button', { name: 'Checkout' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeInTheDocument();
    await user.click(await screen.findByRole('heading', { name: 'remote_library/App at /orders' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('shows a failed panel with Retry inside it, and loads it again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    installFakeApi();
    const remotes = countingImporter(true);
    renderApp('/orders', { user: THANDI, importer: remotes.importer });
    await screen.findByRole('heading', { name: 'remote_library/App at /orders' });

    await user.click(await screen.findByRole('button', { name: 'Cart (0 items)' }));
    const retry = await screen.findByRole('button', { name: 'Retry loading Cart' });
    expect(screen.getByRole('heading', { name: 'remote_library/App at /orders' })).toBeInTheDocument();

    remotes.recover();
    await user.click(retry);

    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeInTheDocument();
    expect(remotes.cartPanelLoads()).toBe(2);
    jest.restoreAllMocks();
  });
});
