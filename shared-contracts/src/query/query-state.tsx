import type { ReactNode } from 'react';
import { AlertBar } from '../ui/alert-bar';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { alertMessage, ApiError, isUnauthorized } from '../api/errors';
import { isNetworkFailure } from '../api/offline';
import { SignInPrompt } from '../ui/sign-in-prompt';
import { GENERIC_ERROR_MESSAGE } from '../constants';

/** The part of a query result {@link QueryState} reads (any `useQuery` result fits). */
interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Props of {@link QueryState}. */
export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What is loading, the spinner's accessible name, e.g. 'Loading transactions'. */
  loadingLabel: string;
  /** Whether a successful answer holds nothing to list. */
  isEmpty?: (data: T) => boolean;
  /** The list's own empty message (the specification's wording), shown only on success with no rows. */
  empty?: ReactNode;
  /** The list itself, given the data. */
  children: (data: T) => ReactNode;
}

function errorText(error: unknown): string {
  const text = alertMessage(error).trim();
  return text && text !== 'Internal server error' ? text : GENERIC_ERROR_MESSAGE;
}

/** A failure for lack of a network (fetch's TypeError, or the client's status-0 ApiError). */
function offlineFailure(error: unknown): boolean {
  return isNetworkFailure(error) || (error instanceof ApiError && error.status === 0);
}

/**
 * The three states of a list fed by a query, never confused: loading (a spinner), error (an
 * alert with the message and a 'Retry' button that refetches; the error shows here, not as a
 * global alert) and success, where `empty` replaces the list when `isEmpty` says there is
 * nothing. Data already shown stays while a refetch runs. A 401 (no session, or one that
 * could not be refreshed) asks the user to sign in instead: retrying cannot help. Offline, a
 * refetch that failed for lack of a network keeps the data last seen on screen (read-only).
 */
export function QueryState<T>({ query, loadingLabel, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.status === 'pending') return <Spinner label={loadingLabel} />;
  if (query.status === 'error' && isUnauthorized(query.error)) return <SignInPrompt />;
  if (query.status === 'error' && !(query.data !== undefined && offlineFailure(query.error))) {
    return (
      <AlertBar
        variant="danger"
        message={
          <>
            {errorText(query.error)}{' '}
            <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? 'Retrying…' : 'Retry'}
            </Button>
          </>
        }
      />
    );
  }
  const data = query.data as T;
  if (empty !== undefined && isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
