import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@pod/shared-contracts';
import type { EmailLink } from '../../lib/email-link';
import { verifyAccount } from './api/verify-account';

/** Where the verification page stands: loading, then verified or failed (account-area.md section 4). */
export type VerificationState = 'verifying' | 'verified' | 'failed';

async function verify(link: EmailLink): Promise<boolean> {
  try {
    const reply = await verifyAccount(link.id, link.token);
    return String(reply.statusCode) === '0';
  } catch {
    return false;
  }
}

/**
 * Verifies the account once per link. The token works only once, so the request is a query
 * keyed by the link and never refetched: StrictMode's second mount (and any re-render) reads
 * the request already made instead of sending another one that would fail. A missing or
 * malformed link fails without calling the API.
 */
export function useAccountVerification(link: EmailLink | null): VerificationState {
  const query = useQuery({
    queryKey: queryKeys.accountVerification(link?.id ?? 0, link?.token ?? ''),
    queryFn: () => verify(link as EmailLink),
    enabled: link !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (link === null) return 'failed';
  if (query.data === undefined) return 'verifying';
  return query.data ? 'verified' : 'failed';
}
