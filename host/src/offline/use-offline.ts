import { useSyncExternalStore } from 'react';
import { isApiReachable, subscribeApiReachability } from '@pod/shared-contracts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const stopReachability = subscribeApiReachability(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    stopReachability();
  };
}

/**
 * Whether the portal is disconnected: the browser says so (`navigator.onLine` false, the
 * 'offline' event), or the last request of the shared client found no network. Back online
 * (the 'online' event) or any answer from the API ends it.
 */
export function isOffline(): boolean {
  return globalThis.navigator?.onLine === false || !isApiReachable();
}

/** {@link isOffline} as a hook. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
