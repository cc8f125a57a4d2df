import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound } from '@pod/shared-contracts';
import { LoginScreen } from './routes/login';
import { PlaceholderScreen } from './routes/placeholder-screen';

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
      <Route path="/register" element={<Navigate to="/register/email-password" replace />} />
      <Route path="/register/:stage" element={<PlaceholderScreen title="Register" />} />
      <Route path="/verify" element={<PlaceholderScreen title="Verify account" />} />
      <Route path="/forgot-password" element={<PlaceholderScreen title="Forgot password" />} />
      <Route path="/reset-password" element={<PlaceholderScreen title="Reset Password" />} />
      <Route path="/activate-account-info" element={<PlaceholderScreen title="Activate Your Account" />} />
      <Route path="/profile" element={<PlaceholderScreen title="Profile" />} />
      <Route path="/profile/update-users" element={<PlaceholderScreen title="Update Request" />} />
      <Route path="/profile/change-password" element={<PlaceholderScreen title="Change password" />} />
      <Route path="/profile/update-email" element={<PlaceholderScreen title="Update email" />} />
      <Route path="/profile-confirmation" element={<PlaceholderScreen title="Profile confirmation" />} />
      <Route path="/renewal" element={<PlaceholderScreen title="Renewal" heading={RENEWAL_HEADING} />} />
      <Route path="/resign-contract" element={<PlaceholderScreen title="Re-sign contract" heading={RENEWAL_HEADING} />} />
      <Route path="/support" element={<PlaceholderScreen title="Support" />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
