import { useCurrentUser, Navigate } from '@pod/shared-contracts';

/** `/`: the dashboard for a stored current user, else the login screen. */
export function RootRedirect() {
  const user = useCurrentUser();
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}
