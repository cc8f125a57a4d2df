import { PlaceholderScreen } from '@pod/shared-contracts';

/** /profile/update-users: the Update Request form (issue 15). */
export function UpdateUsersScreen() {
  return <PlaceholderScreen title="Update Request" />;
}
