export { STORAGE_KEYS, syncSignedInHint } from './storage';
export {
  sessionStore,
  accessTokenAtom,
  refreshTokenAtom,
  currentUserAtom,
  setTokens,
  setCurrentUser,
  getAccessToken,
  getRefreshToken,
  getCurrentUser,
  hydrateSession,
  type TokenPair,
} from './store';
export { decodeToken, isTokenExpired } from './token';
export { refreshSession, refreshSessionOutcome, type RefreshOutcome } from './refresh';
export { logout, type LogoutOptions } from './logout';
export {
  signIn,
  completeTwoFactorSignIn,
  needsSecondFactor,
  loadCurrentUser,
  initSession,
  type SecondFactorRequired,
  type SignInOutcome,
} from './actions';
export { setNavigator, navigateTo } from './navigation';
export { useCurrentUser } from './hooks';
export type { User, AccessTokenPayload } from './user';
