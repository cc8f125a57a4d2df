import { useCallback, useRef, useState } from 'react';
import {
  ApiError,
  isUnauthorized,
  OFFLINE_ERROR_CODE,
  raiseAlert,
  useInvalidate,
  type RenewalBook,
} from '@pod/shared-contracts';
import { resignContract, type ResignBody } from './api/resign-contract';
import { RENEWAL_MESSAGES } from './messages';

/** What the Submit button needs: submit (true on success) and whether a call runs. */
export interface ResignContract {
  submit: (book: RenewalBook, body: ResignBody) => Promise<boolean>;
  submitting: boolean;
}

const isSuccess = (statusCode: unknown) => statusCode === 0 || statusCode === '0';

/**
 * Sends one re-signing (PUT /user/resign/{a}/{b}), one at a time. Success (statusCode 0) raises
 * 'Contract for book {title} re-signed successfully.' and invalidates `contractResigned`, which
 * reloads the renewal list (and the books and the user, whose status may have moved to 1).
 * Anything else raises the danger alert 'Failed to re-sign contract'; a 404 (the renewal was
 * closed meanwhile, e.g. re-signed in another tab) reloads the list as well. A 401 is the
 * session's business (refresh or sign-in), not an alert.
 */
export function useResignContract(): ResignContract {
  const invalidate = useInvalidate();
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = useCallback(
    async (book: RenewalBook, body: ResignBody) => {
      if (running.current) return false;
      running.current = true;
      setSubmitting(true);
      let done = false;
      try {
        const answer = await resignContract(book, body);
        done = isSuccess(answer.statusCode);
      } catch (error) {
        if (isUnauthorized(error)) return false;
        // Offline: re-signing is never queued; the plain sentence says a connection is needed.
        if (error instanceof ApiError && error.code === OFFLINE_ERROR_CODE) {
          raiseAlert({ variant: 'danger', message: error });
          return false;
        }
        if (error instanceof ApiError && error.status === 404) void invalidate('contractResigned');
      } finally {
        running.current = false;
        setSubmitting(false);
      }
      if (done) {
        raiseAlert({ variant: 'success', message: RENEWAL_MESSAGES.resigned(book.book_title) });
        void invalidate('contractResigned');
      } else {
        raiseAlert({ variant: 'danger', message: RENEWAL_MESSAGES.failed });
      }
      return done;
    },
    [invalidate],
  );

  return { submit, submitting };
}
