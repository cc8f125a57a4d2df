import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alertsAtom, AlertRegion, hydrateSession, sessionStore } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import App from '../app';

/** Empties storage, the session atoms and the alert bars between tests. */
export function resetSession(): void {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
}

/**
 * Renders remote_account's App at `path` as the host does (alert bars above it), optionally
 * under StrictMode, and returns a user-event session.
 */
export function renderApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  renderWithProviders(
    <>
      <AlertRegion />
      <App />
    </>,
    { route: path, probe: true, strict },
  );
  return userEvent.setup();
}

/** The path and query the router is at (see {@link renderApp}). */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
