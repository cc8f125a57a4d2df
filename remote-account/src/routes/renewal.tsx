import { useDocumentTitle } from '@pod/shared-contracts';
import { ContractRenewal } from '../features/renewal/contract-renewal';
import { RENEWAL_MESSAGES } from '../features/renewal/messages';

/** `/renewal`: the books whose contracts must be re-signed, and the re-sign form (issue 15). */
export function RenewalScreen() {
  useDocumentTitle('Renewal');
  return (
    <>
      <h1>{RENEWAL_MESSAGES.heading}</h1>
      <ContractRenewal preselection={null} />
    </>
  );
}
