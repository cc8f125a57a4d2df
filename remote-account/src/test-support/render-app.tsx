import { useEffect } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  alertsAtom,
  AlertRegion,
  hydrateSession,
  sessionStore,
  setNavigator,
  type PdfRenderer,
  useNavigate,
} from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import App, { preloadScreens } from '../app';
import { PdfRendererContext } from '../components/pdf-renderer';

/** Empties storage, the session atoms and the alert bars between tests. */
export function resetSession(): void {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
}

/**
 * Gives the session react-router's navigate, as the host's SessionGate does, so that shared
 * code moving the user (logout's trip to /login) moves this test's router.
 */
function SessionNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => {
      void navigate(path);
    });
  }, [navigate]);
  return null;
}

// Each screen is a chunk of its own: fetched before the tests, so renderApp shows it at once.
beforeAll(() => preloadScreens());

/**
 * Renders remote_account's App at `path` as the host does (alert bars above it), optionally
 * under StrictMode and with a fake PDF engine for the viewers (jsdom has no canvas), and
 * returns a user-event session.
 */
export function renderApp(
  path: string,
  { strict = false, pdfRenderer }: { strict?: boolean; pdfRenderer?: PdfRenderer } = {},
) {
  renderWithProviders(
    <PdfRendererContext.Provider value={pdfRenderer}>
      <SessionNavigator />
      <AlertRegion />
      <App />
    </PdfRendererContext.Provider>,
    { route: path, probe: true, strict },
  );
  return userEvent.setup();
}

/** The path and query the router is at (see {@link renderApp}). */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}
