import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@pod/shared-contracts';
import { deferred } from '@pod/shared-contracts/testing';
import { createRemoteLoader, RemoteLoaderProvider } from '../../federation/remote-loader';
import { createRemoteRegistry } from '../../federation/remote-registry';
import { RemoteOutlet } from '../remote-outlet';

function renderOutlet(path: string, importer: (id: string) => Promise<unknown>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RemoteLoaderProvider loader={createRemoteLoader(importer)}>
        <RemoteOutlet />
      </RemoteLoaderProvider>
    </MemoryRouter>,
  );
}

describe('RemoteOutlet', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('loads the App of the remote that owns the path', async () => {
    const importer = jest.fn(async () => ({ default: () => <h1>Your Books</h1> }));
    renderOutlet('/books', importer);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Books' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledWith('remote_library/App');
  });

  it("shows the App only once its module and the path's screen are in, with no Suspense fallback between", async () => {
    const screenIn = deferred<void>();
    const preloadRoute = jest.fn(() => screenIn.promise);
    const Books = () => <h1>Your Books</h1>;
    renderOutlet('/books/local/7', async () => ({ default: Books, preloadRoute }));

    expect(await screen.findByRole('status', { name: 'Loading your library' })).toBeInTheDocument();
    await waitFor(() => expect(preloadRoute).toHaveBeenCalledWith('/books/local/7'));
    expect(screen.queryByRole('heading', { name: 'Your Books' })).not.toBeInTheDocument();

    await act(async () => screenIn.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Your Books' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(preloadRoute).toHaveBeenCalledTimes(1);
  });

  it("offers Retry when the path's screen cannot be fetched, and fetches it again", async () => {
    const user = userEvent.setup();
    const preloadRoute = jest
      .fn<Promise<void>, [string]>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce(undefined);
    renderOutlet('/orders', async () => ({ default: () => <h1>Orders</h1>, preloadRoute }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your library could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(preloadRoute).toHaveBeenCalledTimes(2);
  });

  it('offers Retry when the remote cannot load, and renders it once it can', async () => {
    const user = userEvent.setup();
    const importer = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(new Error('ScriptNetworkError'))
      .mockResolvedValueOnce({ default: () => <h1>Dashboard</h1> });
    renderOutlet('/dashboard', importer);

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your library could not be loaded');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('names the reason a remote was refused, e.g. an incompatible shared-contracts version', async () => {
    const reason = 'remote_library was built against @pod/shared-contracts 2.0.0, but this portal runs 0.1.0';
    renderOutlet('/books', async () => {
      throw new Error(reason);
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Your library could not be loaded');
    expect(screen.getByText('Technical details')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });

  it('keeps offering Retry while the remote stays down', async () => {
    const user = userEvent.setup();
    const importer = jest.fn(async () => {
      throw new Error('down');
    });
    renderOutlet('/checkout/cart', importer);
    await user.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout could not be loaded' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('shows Page Not Found for a path no app owns', () => {
    const importer = jest.fn();
    renderOutlet('/no-such-page', importer);

    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Page Not Found');
    expect(importer).not.toHaveBeenCalled();
  });
});

describe('RemoteOutlet with a remote that hangs', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('stops spinning and offers Retry after the timeout; Retry loads it once it is back', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const federation = {
      registerRemotes: jest.fn(),
      loadRemote: jest
        .fn()
        .mockImplementationOnce(() => new Promise(() => {}))
        .mockResolvedValueOnce({ default: () => <h1>Your Cart</h1> }),
    };
    const registry = createRemoteRegistry(federation, {
      loadConfig: async () => ({
        environment: 'staging',
        remotes: { remote_checkout: { entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json', version: '1.3.0' } },
      }),
      loadTimeoutMs: 8000,
    });
    renderOutlet('/checkout/cart', registry.load);

    expect(await screen.findByRole('status', { name: 'Loading checkout' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(8000));

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout could not be loaded' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(federation.loadRemote).toHaveBeenCalledTimes(2);
  });
});
