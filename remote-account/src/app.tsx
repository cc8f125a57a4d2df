import {
  lazyRoute,
  preloadRoutes,
  PageNotFound,
  reportLoadedVersion,
  Navigate,
  Route,
  ScreenRoutes,
} from '@pod/shared-contracts';
import { APP_VERSION } from './app-version';

// One chunk per screen, fetched when its route is first shown, so a visit downloads only the
// code of the screen it opens. A chunk that fails to load reaches the host's error boundary,
// whose Retry fetches it again.
const ActivateAccountInfoScreen = lazyRoute(() =>
  import('./routes/activate-account-info').then((m) => m.ActivateAccountInfoScreen),
);
const ForgotPasswordScreen = lazyRoute(() => import('./routes/forgot-password').then((m) => m.ForgotPasswordScreen));
const LoginScreen = lazyRoute(() => import('./routes/login').then((m) => m.LoginScreen));
const RegisterLayout = lazyRoute(() => import('./routes/register').then((m) => m.RegisterLayout));
const RegisterEmailPasswordScreen = lazyRoute(() =>
  import('./routes/register-email-password').then((m) => m.RegisterEmailPasswordScreen),
);
const RegisterWelcomeScreen = lazyRoute(() => import('./routes/register-welcome').then((m) => m.RegisterWelcomeScreen));
const RegisterYourDetailsScreen = lazyRoute(() =>
  import('./routes/register-your-details').then((m) => m.RegisterYourDetailsScreen),
);
const ResetPasswordScreen = lazyRoute(() => import('./routes/reset-password').then((m) => m.ResetPasswordScreen));
const VerifyScreen = lazyRoute(() => import('./routes/verify').then((m) => m.VerifyScreen));
const ProfileScreen = lazyRoute(() => import('./routes/profile').then((m) => m.ProfileScreen));
const UpdateUsersScreen = lazyRoute(() => import('./routes/update-users').then((m) => m.UpdateUsersScreen));
const ChangePasswordScreen = lazyRoute(() => import('./routes/change-password').then((m) => m.ChangePasswordScreen));
const UpdateEmailScreen = lazyRoute(() => import('./routes/update-email').then((m) => m.UpdateEmailScreen));
const ProfileConfirmationScreen = lazyRoute(() =>
  import('./routes/profile-confirmation').then((m) => m.ProfileConfirmationScreen),
);
const RenewalScreen = lazyRoute(() => import('./routes/renewal').then((m) => m.RenewalScreen));
const ResignContractScreen = lazyRoute(() => import('./routes/resign-contract').then((m) => m.ResignContractScreen));
const SupportScreen = lazyRoute(() => import('./routes/support').then((m) => m.SupportScreen));

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_account', APP_VERSION);

/** Fetches every screen's chunk ahead of its first render (tests render screens at once). */
export function preloadScreens(): Promise<void> {
  return Promise.all(
    [
      ActivateAccountInfoScreen,
      ForgotPasswordScreen,
      LoginScreen,
      RegisterLayout,
      RegisterEmailPasswordScreen,
      RegisterWelcomeScreen,
      RegisterYourDetailsScreen,
      ResetPasswordScreen,
      VerifyScreen,
      ProfileScreen,
      UpdateUsersScreen,
      ChangePasswordScreen,
      UpdateEmailScreen,
      ProfileConfirmationScreen,
      RenewalScreen,
      ResignContractScreen,
      SupportScreen,
    ].map((screen) => screen.preload()),
  ).then(() => undefined);
}

/** The routes of `App`, also matched by `preloadRoute`. */
const ROUTES = (
  <>
    <Route path="/login" element={<LoginScreen />} />
    {/* One layout for the three steps: it keeps step 1's values in memory between them. */}
    <Route path="/register" element={<RegisterLayout />}>
      <Route index element={<Navigate to="/register/email-password" replace />} />
      <Route path="email-password" element={<RegisterEmailPasswordScreen />} />
      <Route path="your-details" element={<RegisterYourDetailsScreen />} />
      <Route path="welcome" element={<RegisterWelcomeScreen />} />
    </Route>
    <Route path="/verify" element={<VerifyScreen />} />
    <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
    <Route path="/reset-password" element={<ResetPasswordScreen />} />
    <Route path="/activate-account-info" element={<ActivateAccountInfoScreen />} />
    <Route path="/profile" element={<ProfileScreen />} />
    <Route path="/profile/update-users" element={<UpdateUsersScreen />} />
    <Route path="/profile/change-password" element={<ChangePasswordScreen />} />
    <Route path="/profile/update-email" element={<UpdateEmailScreen />} />
    <Route path="/profile-confirmation" element={<ProfileConfirmationScreen />} />
    <Route path="/renewal" element={<RenewalScreen />} />
    <Route path="/resign-contract" element={<ResignContractScreen />} />
    <Route path="/support" element={<SupportScreen />} />
    <Route path="*" element={<PageNotFound />} />
  </>
);

/** Fetches the screen `pathname` shows, before the host first renders `App` (RemoteModule). */
export function preloadRoute(pathname: string): Promise<void> {
  return preloadRoutes(ROUTES, pathname);
}

/**
 * remote_account's exposed `./App`: sign-in, registration, verification, passwords,
 * profile, renewal and support. Route paths are absolute: the host renders this outside
 * any <Route>, for the paths the shared route table gives to remote_account.
 */
export default function App() {
  return <ScreenRoutes routes={ROUTES} />;
}
