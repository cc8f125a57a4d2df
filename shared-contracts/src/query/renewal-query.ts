import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getBooksRenewal, type RenewalBook } from '../data/api/get-books-renewal';
import { queryKeys } from './query-keys';

/**
 * The books whose contracts must be re-signed (GET /user/booksrenewal), under
 * `queryKeys.booksRenewal()`: the host reads it for the user_status 2 redirect, remote_account's
 * re-sign screen lists it, and a re-signing invalidates it (`contractResigned`), so both agree
 * on when the list is empty. `retry: false` where a failure must not be asked again (the host
 * redirects nowhere on a failed call).
 */
export function useBooksRenewalQuery({
  enabled = true,
  retry,
}: { enabled?: boolean; retry?: false } = {}): UseQueryResult<RenewalBook[]> {
  return useQuery({
    queryKey: queryKeys.booksRenewal(),
    queryFn: getBooksRenewal,
    enabled,
    ...(retry === false && { retry: false }),
  });
}
