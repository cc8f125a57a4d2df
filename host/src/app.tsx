import { RemoteLoaderProvider, type RemoteLoader } from './federation/remote-loader';
import { AppRoutes } from './routes/app-routes';
import { Shell } from './shell/shell';

/**
 * The portal inside a router and a session gate: the shell around the current screen.
 * `loader` loads the remotes (the federation runtime in the browser, a fake in tests).
 */
export function App({ loader }: { loader: RemoteLoader }) {
  return (
    <RemoteLoaderProvider loader={loader}>
      <Shell>
        <AppRoutes />
      </Shell>
    </RemoteLoaderProvider>
  );
}
