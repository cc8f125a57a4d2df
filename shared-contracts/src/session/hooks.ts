import { useAtomValue } from 'jotai';
import { currentUserAtom, sessionStore } from './store';
import type { User } from './user';

/** The signed-in user, re-rendering when it changes anywhere in the portal. */
export function useCurrentUser(): User | null {
  return useAtomValue(currentUserAtom, { store: sessionStore });
}
