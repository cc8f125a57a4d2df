import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureInstallPrompt } from '../../pwa/install-prompt';
import { renderApp, THANDI } from '../../test-support/render-app';

captureInstallPrompt(window);

describe('the Install button', () => {
  it('appears when the browser offers installation and shows its prompt', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { user: THANDI });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();

    const prompt = jest.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);

    await user.click(within(nav).getByRole('button', { name: 'Install' }));

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(within(nav).queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('scrolls back to the top when the path changes', async () => {
    const user = userEvent.setup();
    const scrollTo = jest.spyOn(window, 'scrollTo');
    renderApp('/dashboard', { user: THANDI });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    scrollTo.mockClear();

    await user.click(within(nav).getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('heading', { name: 'remote_library/App at /orders' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
