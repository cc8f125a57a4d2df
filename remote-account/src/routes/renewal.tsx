import { PlaceholderScreen } from '@pod/shared-contracts';

const RENEWAL_HEADING = 'There were changes to your contract for books';

/** /renewal (issue 15). */
export function RenewalScreen() {
  return <PlaceholderScreen title="Renewal" heading={RENEWAL_HEADING} />;
}
