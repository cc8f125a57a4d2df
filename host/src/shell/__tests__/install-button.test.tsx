import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureInstallPrompt } from '../../pwa/install-prompt';
import { InstallButton, STANDALONE_QUERY } from '../install-button';

captureInstallPrompt(window);

function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = jest.fn(async () => {});
  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(offer);
  });
  return { offer, prompt };
}

/** matchMedia answering only the display-mode query, as `standalone` says. */
function displayMode(standalone: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    media,
    matches: media === STANDALONE_QUERY && standalone,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

afterEach(() => {
  // Whatever a test left offered is taken back.
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
});

describe('InstallButton', () => {
  it('is absent while the browser offers nothing (unsupported, or not installable yet)', () => {
    render(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it("shows once offered and opens the browser's install prompt, which is then used up", async () => {
    render(<InstallButton />);
    const { offer, prompt } = offerInstall('dismissed');
    expect(offer.defaultPrevented).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Install' }));

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('hides when the app gets installed (appinstalled)', () => {
    render(<InstallButton />);
    offerInstall();
    expect(screen.getByRole('button', { name: 'Install' })).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });

    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('is never shown inside the installed app (display-mode standalone)', () => {
    const restore = displayMode(true);
    try {
      render(<InstallButton />);
      offerInstall();
      expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
