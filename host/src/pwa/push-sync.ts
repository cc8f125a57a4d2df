import { currentUserAtom, onBeforeLogout, sessionStore } from '@pod/shared-contracts';
import { subscribeToPush, unsubscribeFromPush, type PushDeps } from './push-subscription';

/**
 * Keeps the push subscription with the session: once a user is signed in (at start-up or by a
 * sign-in) the browser subscribes, if notifications are already allowed; every logout
 * unsubscribes first (shared-contracts' onBeforeLogout). Returns a stop function.
 */
export function startPushSync(deps: PushDeps = {}): () => void {
  let signedIn = false;
  const sync = () => {
    const now = sessionStore.get(currentUserAtom) !== null;
    if (now && !signedIn) {
      subscribeToPush(deps).catch((error: unknown) => console.warn('Push subscription failed', error));
    }
    signedIn = now;
  };
  const unsubscribeSession = sessionStore.sub(currentUserAtom, sync);
  const removeTask = onBeforeLogout(() => unsubscribeFromPush(deps));
  sync();
  return () => {
    unsubscribeSession();
    removeTask();
  };
}
