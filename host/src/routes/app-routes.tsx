import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { matchAppRoute, PageNotFound, useCurrentUser } from '@pod/shared-contracts';
import { RemoteOutlet } from './remote-outlet';
import { RootRedirect } from './root-redirect';
import { TabErrorScreen } from './tab-error';

function HostScreens() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route path="/tab-error" element={<TabErrorScreen />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}

/**
 * The portal's routing, driven by the shared route table: a guarded route without a
 * stored current user goes to /login; the host's own routes render here; every other path
 * goes to the remote that owns it (or to 'Page Not Found').
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const route = matchAppRoute(pathname);
  if (route?.access === 'guarded' && !user) return <Navigate to="/login" replace />;
  if (route?.owner === 'host') return <HostScreens />;
  return <RemoteOutlet />;
}
