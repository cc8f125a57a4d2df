import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound, reportLoadedVersion } from '@pod/shared-contracts';
import { ActivateAccountInfoScreen } from './routes/activate-account-info';
import { ForgotPasswordScreen } from './routes/forgot-password';
import { LoginScreen } from './routes/login';
import { RegisterLayout } from './routes/register';
import { RegisterEmailPasswordScreen } from './routes/register-email-password';
import { RegisterWelcomeScreen } from './routes/register-welcome';
import { RegisterYourDetailsScreen } from './routes/register-your-details';
import { ResetPasswordScreen } from './routes/reset-password';
import { VerifyScreen } from './routes/verify';
import { ProfileScreen } from './routes/profile';
import { UpdateUsersScreen } from './routes/update-users';
import { ChangePasswordScreen } from './routes/change-password';
import { UpdateEmailScreen } from './routes/update-email';
import { ProfileConfirmationScreen } from './routes/profile-confirmation';
import { RenewalScreen } from './routes/renewal';
import { ResignContractScreen } from './routes/resign-contract';
import { SupportScreen } from './routes/support';
import { APP_VERSION } from './app-version';

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_account', APP_VERSION);

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
      <Route path="/profile" element={<ProfileScreen />} />
      <Route path="/profile/update-users" element={<UpdateUsersScreen />} />
      <Route path="/profile/change-password" element={<ChangePasswordScreen />} />
      <Route path="/profile/update-email" element={<UpdateEmailScreen />} />
      <Route path="/profile-confirmation" element={<ProfileConfirmationScreen />} />
      <Route path="/renewal" element={<RenewalScreen />} />
      <Route path="/resign-contract" element={<ResignContractScreen />} />
      <Route path="/support" element={<SupportScreen />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
