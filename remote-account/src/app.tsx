import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound, PlaceholderScreen, reportLoadedVersion } from '@pod/shared-contracts';
import { ActivateAccountInfoScreen } from './routes/activate-account-info';
import { ForgotPasswordScreen } from './routes/forgot-password';
import { LoginScreen } from './routes/login';
import { RegisterLayout } from './routes/register';
import { RegisterEmailPasswordScreen } from './routes/register-email-password';
import { RegisterWelcomeScreen } from './routes/register-welcome';
import { RegisterYourDetailsScreen } from './routes/register-your-details';
import { ResetPasswordScreen } from './routes/reset-password';
import { VerifyScreen } from './routes/verify';
import { APP_VERSION } from './app-version';

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_account', APP_VERSION);

const RENEWAL_HEADING = 'There were changes to your contract for books';

/**
 * remote_account's exposed `./App`: sign-in, registration, verification, passwords,
 * profile, renewal and support. Route paths are absolute: the host renders this outside
 * any <Route>, for the paths the shared route table gives to remote_account.
 */
export default function App() {
  return (
    <Routes>
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
      <Route path="/profile" element={<PlaceholderScreen title="Profile" />} />
      <Route path="/profile/update-users" element={<PlaceholderScreen title="Update Request" />} />
      <Route path="/profile/change-password" element={<PlaceholderScreen title="Change password" />} />
      <Route path="/profile/update-email" element={<PlaceholderScreen title="Update email" />} />
      <Route path="/profile-confirmation" element={<PlaceholderScreen title="Profile confirmation" />} />
      <Route path="/renewal" element={<PlaceholderScreen title="Renewal" heading={RENEWAL_HEADING} />} />
      <Route
        path="/resign-contract"
        element={<PlaceholderScreen title="Re-sign contract" heading={RENEWAL_HEADING} />}
      />
      <Route path="/support" element={<PlaceholderScreen title="Support" />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
