import { PlaceholderScreen } from '@pod/shared-contracts';

/** /profile/update-email (issue 15). */
export function UpdateEmailScreen() {
  return <PlaceholderScreen title="Update email" />;
}
