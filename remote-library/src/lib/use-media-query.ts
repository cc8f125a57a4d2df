import { useCallback, useSyncExternalStore } from 'react';

/** Below this width /books stacks list and detail, so a selected book gets a view of its own (books.module.css). */
export const ONE_COLUMN_QUERY = '(max-width: 60rem)';

/** Whether `query` matches now, following changes; false where matchMedia is missing (wide layout). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
