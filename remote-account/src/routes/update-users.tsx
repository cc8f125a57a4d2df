import { Card, SignInPrompt, useCurrentUser, useDocumentTitle } from '@pod/shared-contracts';
import { UpdateRequestForm } from '../features/update-request/update-request-form';

/**
 * `/profile/update-users`: the Update Request (account-area.md, Screens). Changes to the
 * person, the bank account and the publisher are sent for admin review, not applied.
 */
export function UpdateUsersScreen() {
  useDocumentTitle('Update Request');
  const user = useCurrentUser();
  // The host guards this route; standalone without a session, the screen asks to sign in.
  if (!user) return <SignInPrompt heading="Update Request" />;
  return (
    <>
      <h1>Update Request</h1>
      <p>
        Changes are reviewed by our team before they apply. If your request is approved, every existing contract must be
        signed again.
      </p>
      <Card as="div" size="spacious">
        {/* Keyed by user: another account's details never stay in the fields. */}
        <UpdateRequestForm key={user.id} user={user} />
      </Card>
    </>
  );
}
