import { StrictMode, type ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { alertsAtom, AlertRegion, hydrateSession, sessionStore } from '@pod/shared-contracts';
import App from '../app';

/** Empties storage, the session atoms and the alert bars between tests. */
export function resetSession(): void {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
}

/** Shows where the router is, so a test can assert a navigation's path and query. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders remote_account's App at `path` as the host does (alert bars above it), optionally
 * under StrictMode, and returns a user-event session.
 */
export function renderApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  const tree: ReactElement = (
    <MemoryRouter initialEntries={[path]}>
      <AlertRegion />
      <App />
      <LocationProbe />
    </MemoryRouter>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return userEvent.setup();
}

/** The path and query the router is at (see {@link renderApp}). */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
