import { useState } from 'react';
import { useDocumentTitle, useSearchParams } from '@pod/shared-contracts';
import { ContractRenewal } from '../features/renewal/contract-renewal';
import { RENEWAL_MESSAGES } from '../features/renewal/messages';
import { readPreselection } from '../features/renewal/preselection';

/**
 * `/resign-contract?bookID&secret&islocal`: the renewal screen, where the host sends a user with
 * user_status 2; the book the query names is chosen when it is in the list (see readPreselection).
 */
export function ResignContractScreen() {
  useDocumentTitle('Re-sign contract');
  const [query] = useSearchParams();
  // Read once: the link names the book the screen opens with, not a later choice.
  const [preselection] = useState(() => readPreselection(query));
  return (
    <>
      <h1>{RENEWAL_MESSAGES.heading}</h1>
      <ContractRenewal preselection={preselection} />
    </>
  );
}
