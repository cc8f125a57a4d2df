import { RemoteLoaderProvider, type RemoteLoader } from './federation/remote-loader';
import { AppRoutes } from './routes/app-routes';
import { Shell } from './shell/shell';
import type { TabGuard } from './tab-guard/tab-guard';
import { useTabGuard } from './tab-guard/use-tab-guard';

/** Props of {@link App}. */
export interface AppProps {
  /** Loads the remotes (the federation runtime in the browser, a fake in tests). */
  loader: RemoteLoader;
  /** This tab's guard (one per page load); a blocked tab only shows /tab-error. */
  tabGuard: TabGuard;
}

/** The portal inside a router and a session gate: the shell around the current screen. */
export function App({ loader, tabGuard }: AppProps) {
  const tabState = useTabGuard(tabGuard);
  return (
    <RemoteLoaderProvider loader={loader}>
      <Shell>
        <AppRoutes tabBlocked={tabState === 'blocked'} />
      </Shell>
    </RemoteLoaderProvider>
  );
}
