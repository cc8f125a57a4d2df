import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '../router';
import { Provider } from 'jotai';
import { QueryProvider } from '../query/query-provider';
import { sessionStore } from '../session/store';
import { AlertRegion } from './alert-region';
import { SessionGate } from './session-gate';

/**
 * Standalone mode of a remote (`pnpm --filter remote-x dev`): mounts the remote's App in a
 * minimal shell on the real session, against the API through the dev server's /api proxy.
 * The host never runs this; it mounts the exposed App inside its own shell (and its
 * QueryProvider): standalone, the remote provides the page's one QueryClient itself.
 */
export function mountStandalone(App: ComponentType): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  createRoot(container).render(
    <StrictMode>
      <Provider store={sessionStore}>
        <QueryProvider>
          <BrowserRouter>
            <SessionGate>
              <main id="main" style={{ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem' }}>
                <AlertRegion />
                <App />
              </main>
            </SessionGate>
          </BrowserRouter>
        </QueryProvider>
      </Provider>
    </StrictMode>,
  );
}
