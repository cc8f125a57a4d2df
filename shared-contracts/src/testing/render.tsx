import { StrictMode, useEffect, type ReactElement, type ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, useLocation } from '../router';
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { clearQueriesOnUserChange, createQueryClient } from '../query/query-client';
import { QueryProvider } from '../query/query-provider';
import { sessionStore } from '../session/store';

// The cache tells its observers on a 0 ms timer by default; under jest's fake timers that
// timer may fall outside the time a test advances. A microtask runs with every await instead.
notifyManager.setScheduler(queueMicrotask);

/**
 * Shows the router's current path and query (`data-testid="location"`), for tests of
 * redirects. A plain div: an <output> is a status, which would answer a test's status query.
 */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** A QueryClient for one test: nothing retried, nothing shared with the next test. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ retry: false });
}

/** Options of {@link renderWithProviders}. */
export interface ProvidersOptions {
  /** The router's initial entry; '/' by default. */
  route?: string;
  /** A client of the test's own (to inspect or seed); a fresh one by default. */
  queryClient?: QueryClient;
  /** Renders a {@link LocationProbe} after the UI. */
  probe?: boolean;
  /** Renders under StrictMode (effects run twice), as the apps do. */
  strict?: boolean;
  /** Passed to Testing Library's render. */
  renderOptions?: Omit<RenderOptions, 'wrapper'>;
}

/**
 * The providers a screen runs in: the session store, a QueryClient (emptied when the user
 * changes, as the page's one is) and a MemoryRouter.
 */
export function Providers({
  queryClient,
  route = '/',
  children,
}: {
  queryClient: QueryClient;
  route?: string;
  children: ReactNode;
}) {
  useEffect(() => clearQueriesOnUserChange(queryClient), [queryClient]);
  return (
    <Provider store={sessionStore}>
      <QueryProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryProvider>
    </Provider>
  );
}

/**
 * THE render of every front-end test: `ui` inside the session store, a fresh QueryClient
 * (retry off) and a MemoryRouter at `route`, with a LocationProbe when `probe` is set.
 * Returns Testing Library's result and the client.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    queryClient = createTestQueryClient(),
    probe = false,
    strict = false,
    renderOptions,
  }: ProvidersOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const tree = (
    <Providers queryClient={queryClient} route={route}>
      {ui}
      {probe ? <LocationProbe /> : null}
    </Providers>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree, renderOptions);
  return { ...view, queryClient };
}
