import { PlaceholderScreen } from '@pod/shared-contracts';

/** /profile/change-password (issue 15). */
export function ChangePasswordScreen() {
  return <PlaceholderScreen title="Change password" />;
}
