import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModuleImporter } from '../../federation/remote-loader';
import { fakeRemoteModules, renderApp, THANDI } from '../../test-support/render-app';

/** The fake remotes, counting how often each module is requested. */
function countingImporter(failChatPanel = false) {
  const fake = fakeRemoteModules();
  const requests: string[] = [];
  let fail = failChatPanel;
  const importer: ModuleImporter = async (id) => {
    requests.push(id);
    if (fail && id === 'remote_account/ChatPanel') throw new Error('remote_account is down');
    return fake(id);
  };
  return {
    importer,
    chatPanelLoads: () => requests.filter((id) => id === 'remote_account/ChatPanel').length,
    recover: () => {
      fail = false;
    },
  };
}

const chatButton = () => screen.getByRole('button', { name: 'Chat with support' });

describe('the support chat from the floating button', () => {
  it("loads remote_account's panel only on the first opening, and names it in aria-controls", async () => {
    const user = userEvent.setup();
    const remotes = countingImporter();
    renderApp('/books', { user: THANDI, importer: remotes.importer });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    expect(chatButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog', { name: 'Support chat' })).not.toBeInTheDocument();
    expect(remotes.chatPanelLoads()).toBe(0);

    await user.click(chatButton());

    const panel = await screen.findByRole('dialog', { name: 'Support chat' });
    expect(chatButton()).toHaveAttribute('aria-expanded', 'true');
    expect(chatButton()).toHaveAttribute('aria-controls', panel.id);
    expect(within(screen.getByRole('complementary', { name: 'Support' })).getByRole('dialog')).toBe(panel);
    expect(remotes.chatPanelLoads()).toBe(1);
  });

  it('closes with Close chat and gives focus back to the button; opens again without loading again', async () => {
    const user = userEvent.setup();
    const remotes = countingImporter();
    renderApp('/dashboard', { user: THANDI, importer: remotes.importer });

    await user.click(await screen.findByRole('button', { name: 'Chat with support' }));
    await user.click(await screen.findByRole('button', { name: 'Close chat' }));

    expect(screen.queryByRole('dialog', { name: 'Support chat' })).not.toBeInTheDocument();
    expect(chatButton()).toHaveAttribute('aria-expanded', 'false');
    expect(chatButton()).toHaveFocus();

    await user.click(chatButton());
    expect(screen.getByRole('dialog', { name: 'Support chat' })).toBeInTheDocument();
    expect(remotes.chatPanelLoads()).toBe(1);
  });

  it('closes when the button is pressed again, or with Escape on the button', async () => {
    const user = userEvent.setup();
    renderApp('/orders', { user: THANDI });

    await user.click(await screen.findByRole('button', { name: 'Chat with support' }));
    await screen.findByRole('dialog', { name: 'Support chat' });
    await user.click(chatButton());
    expect(screen.queryByRole('dialog', { name: 'Support chat' })).not.toBeInTheDocument();

    await user.click(chatButton());
    expect(screen.getByRole('dialog', { name: 'Support chat' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Support chat' })).not.toBeInTheDocument();
    expect(chatButton()).toHaveFocus();
  });

  it('stays open while the user moves to another page that shows the button', async () => {
    const user = userEvent.setup();
    renderApp('/books', { user: THANDI });

    await user.click(await screen.findByRole('button', { name: 'Chat with support' }));
    await screen.findByRole('dialog', { name: 'Support chat' });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('heading', { name: 'remote_library/App at /orders' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Support chat' })).toBeInTheDocument();
  });

  it('shows Retry when the panel cannot be loaded, and Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    const remotes = countingImporter(true);
    renderApp('/books', { user: THANDI, importer: remotes.importer });

    await user.click(await screen.findByRole('button', { name: 'Chat with support' }));
    const retry = await screen.findByRole('button', { name: 'Retry loading Support chat' });
    expect(screen.getByText(/Support chat could not be loaded/)).toBeInTheDocument();
    // The rest of the portal keeps working.
    expect(screen.getByRole('heading', { name: 'remote_library/App at /books' })).toBeInTheDocument();

    remotes.recover();
    await user.click(retry);

    expect(await screen.findByRole('dialog', { name: 'Support chat' })).toBeInTheDocument();
    await waitFor(() => expect(remotes.chatPanelLoads()).toBe(2));
    jest.restoreAllMocks();
  });
});
