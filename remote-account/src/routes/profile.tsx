import { PlaceholderScreen } from '@pod/shared-contracts';

/** /profile: balance, name, e-mail, security settings and the change modals (issue 15). */
export function ProfileScreen() {
  return <PlaceholderScreen title="Profile" />;
}
