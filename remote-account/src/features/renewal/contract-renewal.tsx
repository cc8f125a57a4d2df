import { useEffect, useRef } from 'react';
import {
  getCurrentUser,
  QueryState,
  setCurrentUser,
  useBooksRenewalQuery,
  useInvalidate,
  useNavigate,
} from '@pod/shared-contracts';
import { RENEWAL_MESSAGES } from './messages';
import { preselectedKey, type Preselection } from './preselection';
import { RenewalForm } from './renewal-form';
import styles from './renewal.module.css';

/** Props of {@link ContractRenewal}. */
export interface ContractRenewalProps {
  /** The book a /resign-contract link names, chosen when it is in the list. */
  preselection: Preselection | null;
}

/**
 * Once nothing is left to re-sign (spec section 4: "When the re-sign list becomes empty the
 * stored user gets user_status 1 and goes to /dashboard"): the server has already moved the
 * status from 2 to 1 when it answered the empty list, so the stored user is read again through
 * the session (the `userChanged` invalidation); should that read fail, the stored status 2 is set
 * to 1 locally so the host stops sending the user back here. Then /dashboard, replacing this page
 * (a replace keeps the success alert on screen).
 */
function useLeaveWhenNothingToResign(empty: boolean) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const left = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!empty || left.current) return;
    left.current = true;
    void (async () => {
      await invalidate('userChanged');
      const user = getCurrentUser();
      if (user && (user.user_status ?? user.tokenPayload?.user_status) === 2) {
        setCurrentUser({ ...user, user_status: 1 });
      }
      if (mounted.current) void navigate('/dashboard', { replace: true });
    })();
  }, [empty, invalidate, navigate]);
}

/**
 * The renewal screen's body, shared by /renewal and /resign-contract: GET /user/booksrenewal in
 * its three states (loading, error with Retry, empty), then the re-sign form. The list is the
 * host's user_status query (one key), so a re-signing that empties it also ends the host's
 * redirect to /resign-contract.
 */
export function ContractRenewal({ preselection }: ContractRenewalProps) {
  const query = useBooksRenewalQuery();
  useLeaveWhenNothingToResign(query.status === 'success' && query.data.length === 0);

  return (
    <QueryState
      query={query}
      loadingLabel="Loading the books to re-sign"
      isEmpty={(books) => books.length === 0}
      empty={
        <p className={styles.prompt} role="status">
          {RENEWAL_MESSAGES.nothingToResign}
        </p>
      }
    >
      {(books) => <RenewalForm books={books} initialKey={preselectedKey(books, preselection)} />}
    </QueryState>
  );
}
