import { Suspense, useEffect, useState } from 'react';
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

/**
 * The remote's App, rendered once its module and the screen of the current path are in
 * (`loader.prepare`): until then a spinner of our own, not a Suspense fallback, because React
 * holds back content that replaces a fallback by up to 300 ms, and that wait was most of a
 * first visit to another remote. A failed load is thrown to the RemoteBoundary around it.
 */
function RemoteApp({ loader, remote, label }: { loader: RemoteLoader; remote: RemoteName; label: string }) {
  const { pathname } = useLocation();
  const [prepared, setPrepared] = useState<{ failure?: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    loader.prepare(remote, './App', pathname).then(
      () => live && setPrepared({}),
      (failure: unknown) => live && setPrepared({ failure: failure ?? new Error(`${label} could not be loaded`) }),
    );
    return () => {
      live = false;
    };
    // Prepared once per mount (the RemoteBoundary remounts this on Retry and per remote); later
    // paths within the remote are its own routes' business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loader, remote]);
  if (prepared?.failure) throw prepared.failure;
  if (!prepared) return <Spinner label={`Loading ${label.toLowerCase()}`} />;
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
    <RemoteBoundary key={remote} label={label} remote={remote} onRetry={() => loader.reset(remote, './App')}>
      <Suspense fallback={<Spinner label={`Loading ${label.toLowerCase()}`} />}>
        <RemoteApp loader={loader} remote={remote} label={label} />
      </Suspense>
    </RemoteBoundary>
  );
}
