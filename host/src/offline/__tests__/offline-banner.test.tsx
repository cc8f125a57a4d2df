import { act, render, screen } from '@testing-library/react';
import { OFFLINE_BANNER, reportApiReachable } from '@pod/shared-contracts';
import { installFakeFetch } from '@pod/shared-contracts/testing';
import { renderApp, THANDI } from '../../test-support/render-app';
import { OfflineBanner } from '../offline-banner';

let online = true;

beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});

beforeEach(() => {
  online = true;
  reportApiReachable(true);
});

function goOffline(): void {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline(): void {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('OfflineBanner', () => {
  it("shows 'No Internet Connection' while offline and goes when the connection is back", () => {
    render(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_BANNER.title)).not.toBeInTheDocument();

    goOffline();

    expect(screen.getByRole('status')).toHaveTextContent(
      'No Internet Connection You are currently in offline mode. Some features may not work as expected.',
    );

    goOnline();

    expect(screen.queryByText(OFFLINE_BANNER.title)).not.toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_BANNER.message)).not.toBeInTheDocument();
  });

  it('shows at once when the page opens offline', () => {
    online = false;
    render(<OfflineBanner />);
    expect(screen.getByText(OFFLINE_BANNER.title)).toBeInTheDocument();
  });

  it('shows when a request found no network although the browser says online, until the API answers', () => {
    render(<OfflineBanner />);

    act(() => reportApiReachable(false));
    expect(screen.getByText(OFFLINE_BANNER.message)).toBeInTheDocument();

    act(() => reportApiReachable(true));
    expect(screen.queryByText(OFFLINE_BANNER.message)).not.toBeInTheDocument();
  });
});

describe('the offline banner in the shell', () => {
  it('appears on the "offline" event on any page and goes on "online"', async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0, result: THANDI } }));
    renderApp('/books', { user: THANDI });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_BANNER.title)).not.toBeInTheDocument();

    goOffline();
    expect(screen.getByText(OFFLINE_BANNER.title)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_BANNER.message)).toBeInTheDocument();

    goOnline();
    expect(screen.queryByText(OFFLINE_BANNER.title)).not.toBeInTheDocument();
  });
});
