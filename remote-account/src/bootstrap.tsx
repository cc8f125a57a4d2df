// Standalone mode (`pnpm --filter remote-account dev`): the remote's App in a minimal shell, on the
// real session against the API through the dev server's /api proxy. The host never loads this.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { AlertRegion, SessionGate, sessionStore } from '@pod/shared-contracts';
import App from './app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <Provider store={sessionStore}>
      <BrowserRouter>
        <SessionGate>
          <main id="main" style={{ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem' }}>
            <AlertRegion />
            <App />
          </main>
        </SessionGate>
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
