import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { getInstance } from '@module-federation/enhanced/runtime';
import {
  QueryProvider,
  SessionGate,
  Spinner,
  queryClient,
  raiseAlert,
  sessionStore,
  syncSignedInHint,
  BrowserRouter,
} from '@pod/shared-contracts';
import { App } from './app';
import { pinnedRemotes } from './federation/apply-pins';
import { assertCompatibleContract } from './federation/contract-check';
import { trustRemotesConfig, withIntegrityRefusals } from './federation/integrity';
import { createRemoteLoader } from './federation/remote-loader';
import { capturePinsFromUrl } from './federation/pin-storage';
import { createRemoteRegistry, fetchRemotesConfig } from './federation/remote-registry';
import { retryPlugin } from './federation/retry-plugin';
import { captureInstallPrompt } from './pwa/install-prompt';
import { watchPrerender } from './prerender/hand-over';
import { startPwa } from './pwa/start-pwa';
import { rememberLoadedRemotes } from './pwa/version-watch';
import { startOffline } from './offline';
import { createTabGuard } from './tab-guard/tab-guard';

async function start(): Promise<void> {
  captureInstallPrompt();
  // The cookie by which the server pre-renders signed-in pages follows the stored session
  // (renewed here; set and cleared by the session code when the user signs in or out).
  syncSignedInHint();
  // Decided before anything renders: a second tab must not start a screen (or its calls).
  const tabGuard = createTabGuard();
  tabGuard.start();

  // A pin link (/?pin=checkout@1.3.0) is stored and taken out of the address before the
  // router reads it, so the page continues to its normal route.
  const { errors: pinErrors } = capturePinsFromUrl();
  for (const message of pinErrors) raiseAlert({ variant: 'warning', title: 'QA pins', message, sticky: true });

  const federation = getInstance();
  if (!federation) throw new Error('The federation runtime did not start');
  federation.registerPlugins([retryPlugin({ validateManifest: (manifest) => assertCompatibleContract(manifest) })]);

  // remotes.json before the first render, with this session's QA pins applied (checked
  // against what is deployed). When it cannot be read the portal still renders: each
  // remote's boundary then offers Retry, which reads remotes.json again.
  const remotes = createRemoteRegistry(federation, {
    // Remembered to tell a later remotes.json (a deploy) from the one this page runs.
    // Its manifests' integrity pins are the ones this page checks (federation/integrity.ts).
    loadConfig: () =>
      fetchRemotesConfig()
        .then(rememberLoadedRemotes)
        .then((config) => trustRemotesConfig(config)),
    prepareRemotes: (config) => pinnedRemotes(config),
  });
  await remotes.ready().catch((error: unknown) => console.warn('remotes.json could not be read', error));
  // A remote refused for integrity fails with that refusal, so its boundary says so.
  const loader = createRemoteLoader(withIntegrityRefusals(remotes.load));

  // The offline queue and the last data seen, before the first query runs.
  await startOffline({ queryClient, mayReplay: () => tabGuard.getState() === 'active' }).catch((error: unknown) =>
    console.warn('Offline support did not start', error),
  );

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  watchPrerender(container);
  const root = createRoot(container, {
    // Errors a boundary handled (a remote that could not load) are not the page's errors:
    // the user sees the boundary's notice, the console a warning.
    onCaughtError: (error, info) => console.warn('Recovered from an error', error, info.componentStack),
  });
  // A transition: React renders the first screen in slices, yielding to the browser between
  // them, instead of one task that blocks input for as long as the whole tree takes (issue 18,
  // total blocking time). The pre-rendered page or the spinner stays until it is ready.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={sessionStore}>
          {/* The one QueryClientProvider of the page: remotes rendered in the shell use it. */}
          <QueryProvider>
            <BrowserRouter>
              <SessionGate
                fallback={
                  <main id="main">
                    <Spinner label="Starting the portal" />
                  </main>
                }
              >
                <App loader={loader} tabGuard={tabGuard} />
              </SessionGate>
            </BrowserRouter>
          </QueryProvider>
        </Provider>
      </StrictMode>,
    ),
  );

  startPwa(tabGuard);
}

void start();
