import { useEffect, useState } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Spinner, queryKeys, useLocation } from '@pod/shared-contracts';

/** Pages whose content is the user's books. */
export const BOOKS_PAGES: readonly string[] = ['/books', '/dashboard'];
/** A load shorter than this shows no modal at all (no flash for fast answers). */
export const FETCHING_BOOKS_DELAY_MS = 400;

/**
 * 'Fetching your books': a modal with a spinner while the shared books are loading for the
 * first time since sign-in, on a books page, and only once that load has taken longer than
 * 400 ms. It closes by itself when the books arrive; 'Hide' (or Escape) dismisses it for
 * the rest of that load.
 */
export function FetchingBooksModal({ delayMs = FETCHING_BOOKS_DELAY_MS }: { delayMs?: number }) {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const loading = useIsFetching({ queryKey: queryKeys.books(), exact: true }) > 0;
  // The first load since sign-in: the cache (emptied at every user change) has no books yet.
  const loaded = client.getQueryData(queryKeys.books()) !== undefined;
  const waiting = loading && !loaded && BOOKS_PAGES.includes(pathname);
  const [slow, setSlow] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!waiting) {
      setSlow(false);
      return undefined;
    }
    const timer = setTimeout(() => setSlow(true), delayMs);
    return () => clearTimeout(timer);
  }, [waiting, delayMs]);

  useEffect(() => {
    if (!loading) setDismissed(false);
  }, [loading]);

  return (
    <Modal
      open={waiting && slow && !dismissed}
      title="Fetching your books"
      onClose={() => setDismissed(true)}
      footer={
        <Button variant="secondary" onClick={() => setDismissed(true)}>
          Hide
        </Button>
      }
    >
      <p>This takes a moment the first time after you sign in.</p>
      <Spinner label="Loading your books" />
    </Modal>
  );
}
