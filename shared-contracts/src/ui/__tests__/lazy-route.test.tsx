import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route } from '../../router';
import { lazyRoute, preloadRoutes } from '../lazy-route';

/** A boundary with a Retry, like the host's around a remote. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <button type="button" onClick={() => this.setState({ failed: false })}>
        Retry
      </button>
    ) : (
      this.props.children
    );
  }
}

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('lazyRoute', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads the screen on first render only, passing its props', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const Screen = lazyRoute(load);
    expect(load).not.toHaveBeenCalled();

    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen name="Thandi" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hello Thandi' })).toBeInTheDocument();
    view.rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Screen name="Sipho" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello Sipho' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed load to the error boundary and loads again on Retry', async () => {
    let online = false;
    const load = jest.fn(() =>
      online ? Promise.resolve(Greeting) : Promise.reject(new Error('Loading chunk 7 failed')),
    );
    const Screen = lazyRoute(load);
    render(
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <Screen name="Thandi" />
        </Suspense>
      </Boundary>,
    );

    const retry = await screen.findByRole('button', { name: 'Retry' });
    const failures = load.mock.calls.length;
    online = true;
    await userEvent.click(retry);

    expect(await screen.findByRole('heading', { name: 'Hello Thandi' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(failures + 1);
  });

  it('renders a preloaded screen at once, without suspending', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const Screen = lazyRoute(load);
    await Screen.preload();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen name="Lerato" />
      </Suspense>,
    );

    expect(screen.getByRole('heading', { name: 'Hello Lerato' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('preloadRoutes', () => {
  function screens() {
    const load = {
      layout: jest.fn(() => Promise.resolve(() => <main />)),
      welcome: jest.fn(() => Promise.resolve(() => <h1>Welcome</h1>)),
      details: jest.fn(() => Promise.resolve(() => <h1>Details</h1>)),
      books: jest.fn(() => Promise.resolve(({ id }: { id: string }) => <h1>Book {id}</h1>)),
    };
    const Layout = lazyRoute(load.layout);
    const Welcome = lazyRoute(load.welcome);
    const Details = lazyRoute(load.details);
    const Books = lazyRoute(load.books);
    const routes = (
      <>
        <Route path="/register" element={<Layout />}>
          <Route index element={<Navigate to="/register/welcome" replace />} />
          <Route path="welcome" element={<Welcome />} />
          <Route path="details" element={<Details />} />
        </Route>
        <Route path="/books/:id" element={<Books id="7" />} />
        <Route path="*" element={<p>Not found</p>} />
      </>
    );
    return { load, routes };
  }

  it('fetches the screens of every matching level (a layout and its page), and no other', async () => {
    const { load, routes } = screens();
    await preloadRoutes(routes, '/register/details');
    expect(load.layout).toHaveBeenCalledTimes(1);
    expect(load.details).toHaveBeenCalledTimes(1);
    expect(load.welcome).not.toHaveBeenCalled();
    expect(load.books).not.toHaveBeenCalled();
  });

  it('matches paths with parameters, and fetches nothing for a path without a lazy screen', async () => {
    const { load, routes } = screens();
    await preloadRoutes(routes, '/books/7');
    expect(load.books).toHaveBeenCalledTimes(1);
    await preloadRoutes(routes, '/nowhere');
    await preloadRoutes(routes, '/register');
    expect(load.layout).toHaveBeenCalledTimes(1);
    expect(load.welcome).not.toHaveBeenCalled();
    expect(load.details).not.toHaveBeenCalled();
  });

  it('rejects when a screen cannot be fetched', async () => {
    const Broken = lazyRoute(() => Promise.reject(new Error('chunk failed')));
    await expect(preloadRoutes(<Route path="/x" element={<Broken />} />, '/x')).rejects.toThrow('chunk failed');
  });
});
