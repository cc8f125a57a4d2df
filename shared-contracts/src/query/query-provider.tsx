import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** Props of {@link QueryProvider}. */
export interface QueryProviderProps {
  /** Another client (tests); the page's one {@link queryClient} by default. */
  client?: QueryClient;
  children: ReactNode;
}

/**
 * Provides the QueryClient. The host renders it once around the shell (remotes mounted in the
 * host use that one); a remote's standalone bootstrap renders its own.
 */
export function QueryProvider({ client = queryClient, children }: QueryProviderProps) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
