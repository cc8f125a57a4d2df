import { PlaceholderScreen } from '@pod/shared-contracts';

/** /profile-confirmation?currentUser={id} (issue 15). */
export function ProfileConfirmationScreen() {
  return <PlaceholderScreen title="Profile confirmation" />;
}
