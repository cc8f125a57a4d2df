import {
  matchAppRoute,
  PageNotFound,
  SignInPrompt,
  useCurrentUser,
  Navigate,
  Route,
  Routes,
  useLocation,
} from '@pod/shared-contracts';
import { useUserStatusRedirect } from '../user-status/use-user-status';
import { RemoteOutlet } from './remote-outlet';
import { RootRedirect } from './root-redirect';
import { TAB_ERROR_PATH, TabErrorScreen } from './tab-error';
import { useWizardPageLoadRedirect } from './wizard-page-load';

function HostScreens() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route path={TAB_ERROR_PATH} element={<TabErrorScreen />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}

/**
 * The portal's routing, driven by the shared route table. Redirects, first match wins:
 * a blocked tab (another tab owns the portal) to /tab-error; the wizard's page-load rule;
 * a guarded route without a stored current user to /login; the user_status rules
 * (/activate-account-info, /resign-contract). An open route whose screen needs a session
 * (the cart and checkout) shows a sign-in prompt when there is none, so its remote never
 * calls the API unauthenticated. Then the host's own routes render here and every other
 * path goes to the remote that owns it (or to 'Page Not Found').
 */
export function AppRoutes({ tabBlocked = false }: { tabBlocked?: boolean }) {
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  const wizardRedirect = useWizardPageLoadRedirect(pathname, search);
  const statusRedirect = useUserStatusRedirect(pathname);
  const route = matchAppRoute(pathname);

  if (tabBlocked && pathname !== TAB_ERROR_PATH) return <Navigate to={TAB_ERROR_PATH} replace />;
  if (wizardRedirect) return <Navigate to={wizardRedirect} replace />;
  if (route?.access === 'guarded' && !user) return <Navigate to="/login" replace />;
  if (statusRedirect) return <Navigate to={statusRedirect} replace />;
  if (route?.needsSession && !user) {
    return (
      <SignInPrompt
        heading="Sign in to continue"
        message="Your cart and checkout belong to your account: please sign in to see them."
      />
    );
  }
  if (route?.owner === 'host') return <HostScreens />;
  return <RemoteOutlet />;
}
