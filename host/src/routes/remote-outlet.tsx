import { Suspense } from 'react';
import {
  matchAppRoute,
  PageNotFound,
  Spinner,
  type RemoteAppProps,
  type RemoteName,
  useLocation,
} from '@pod/shared-contracts';
import { RemoteBoundary } from '../federation/remote-boundary';
import { REMOTE_LABELS } from '../federation/remote-labels';
import { useRemoteLoader, type RemoteLoader } from '../federation/remote-loader';

function RemoteApp({ loader, remote }: { loader: RemoteLoader; remote: RemoteName }) {
  const App = loader.component<RemoteAppProps>(remote, './App');
  return <App />;
}

/**
 * Renders the App of the remote that owns the current path (from the shared route table),
 * outside any <Route>, so the remote's absolute route paths match as written. A path no
 * remote owns gets the 'Page Not Found' screen.
 */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const loader = useRemoteLoader();
  const route = matchAppRoute(pathname);
  if (!route || route.owner === 'host') return <PageNotFound />;
  const remote = route.owner;
  const label = REMOTE_LABELS[remote];
  return (
    <RemoteBoundary key={remote} label={label} onRetry={() => loader.reset(remote, './App')}>
      <Suspense fallback={<Spinner label={`Loading ${label.toLowerCase()}`} />}>
        <RemoteApp loader={loader} remote={remote} />
      </Suspense>
    </RemoteBoundary>
  );
}
