import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alertsAtom, AlertRegion, hydrateSession, sessionStore, type PdfRenderer } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import App from '../app';
import { PdfRendererContext } from '../components/pdf-renderer';

/** Empties storage, the session atoms and the alert bars between tests. */
export function resetSession(): void {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
}

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
