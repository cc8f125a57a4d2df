import { useSyncExternalStore } from 'react';

/** Below this width the sidebar is a drawer (the same query as the shell's CSS: 48rem = 768px). */
export const SMALL_SCREEN_QUERY = '(max-width: 48rem)';

/** Whether `query` matches now, re-rendering when it changes; false where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
