import { PlaceholderScreen } from '@pod/shared-contracts';

const RENEWAL_HEADING = 'There were changes to your contract for books';

/** /resign-contract?bookID&secret&islocal (issue 15). */
export function ResignContractScreen() {
  return <PlaceholderScreen title="Re-sign contract" heading={RENEWAL_HEADING} />;
}
