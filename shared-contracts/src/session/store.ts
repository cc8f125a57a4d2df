import { atom, createStore } from 'jotai';
import { readKey, readStoredUser, STORAGE_KEYS, writeKey } from './storage';
import type { User } from './user';

/**
 * The one jotai store of the session. shared-contracts is a federation singleton, so the
 * host and every remote read and write these very atoms: a user set by remote-account's
 * login is seen by the host's top bar without a reload.
 */
export const sessionStore = createStore();

/** The access token (JWT), persisted under 'access-token'. */
export const accessTokenAtom = atom<string | null>(readKey(STORAGE_KEYS.accessToken));
/** The refresh token, persisted under 'refresh-token'. */
export const refreshTokenAtom = atom<string | null>(readKey(STORAGE_KEYS.refreshToken));
/** The current user, persisted under 'currentUser'. */
export const currentUserAtom = atom<User | null>(readStoredUser());

/** The pair the auth calls return. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** Stores both tokens (or clears both with null), in the atoms and in local storage. */
export function setTokens(pair: TokenPair | null): void {
  sessionStore.set(accessTokenAtom, pair?.accessToken ?? null);
  sessionStore.set(refreshTokenAtom, pair?.refreshToken ?? null);
  writeKey(STORAGE_KEYS.accessToken, pair?.accessToken ?? null);
  writeKey(STORAGE_KEYS.refreshToken, pair?.refreshToken ?? null);
}

/** Stores the current user (or clears it with null). */
export function setCurrentUser(user: User | null): void {
  sessionStore.set(currentUserAtom, user);
  writeKey(STORAGE_KEYS.currentUser, user ? JSON.stringify(user) : null);
}

/** Current access token. */
export const getAccessToken = (): string | null => sessionStore.get(accessTokenAtom);
/** Current refresh token. */
export const getRefreshToken = (): string | null => sessionStore.get(refreshTokenAtom);
/** Current user. */
export const getCurrentUser = (): User | null => sessionStore.get(currentUserAtom);

/** Re-reads the atoms from local storage (after another code path wrote it, and in tests). */
export function hydrateSession(): void {
  sessionStore.set(accessTokenAtom, readKey(STORAGE_KEYS.accessToken));
  sessionStore.set(refreshTokenAtom, readKey(STORAGE_KEYS.refreshToken));
  sessionStore.set(currentUserAtom, readStoredUser());
}
