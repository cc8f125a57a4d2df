import { useEffect, useSyncExternalStore } from 'react';
import type { TabGuard, TabGuardState } from './tab-guard';

/**
 * Keeps `guard` running while the portal is mounted and returns its state; the routes send
 * a 'blocked' tab to /tab-error. Bootstrap starts the guard before the first render, so the
 * first screen already knows; starting again here is a no-op.
 */
export function useTabGuard(guard: TabGuard): TabGuardState {
  useEffect(() => {
    guard.start();
    return () => guard.stop();
  }, [guard]);
  return useSyncExternalStore(guard.subscribe, guard.getState, guard.getState);
}
