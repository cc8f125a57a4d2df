import { clearAlerts, raiseAlert, type AlertRequest } from '../alerts';
import { bareClient } from '../api/bare-client';
import { QA_PINS_STORAGE_KEY } from '../contracts';
import { navigateTo } from './navigation';
import { runBeforeLogoutTasks } from './logout-tasks';
import { clearStorageExcept, STORAGE_KEYS } from './storage';
import { getRefreshToken, setCurrentUser, setTokens } from './store';

async function unregisterServiceWorkers(): Promise<void> {
  const registrations = await globalThis.navigator?.serviceWorker?.getRegistrations?.();
  await Promise.all((registrations ?? []).map((registration) => registration.unregister()));
}

function clearCookies(): void {
  if (typeof document === 'undefined') return;
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Options of {@link logout}. */
export interface LogoutOptions {
  /**
   * An alert telling the user why the session ended ('Your password was changed successfully',
   * a link to follow after an e-mail change). Raised once everything of the session is gone,
   * as a sticky alert: alerts live in memory (no storage is involved, so clearing storage cannot
   * lose it), and sticky keeps it through the host's clearing of alerts on navigation, so it is
   * read on /login. It goes when dismissed or at the next sign-in (which clears every alert).
   */
  notice?: Omit<AlertRequest, 'sticky'>;
}

/**
 * Logs out as account-area.md section 4 says: tells the server (revoking the refresh
 * token's login), clears the stores, session storage and local storage except lastUpdate,
 * unregisters service workers, clears cookies, clears the page's alerts (sticky ones, such as
 * 'Unable to refresh token', stay) and goes to /login. Never throws: a failed
 * server call must not keep the user signed in on this device.
 *
 * One documented exception to "clears session storage": the QA version pins
 * (`QA_PINS_STORAGE_KEY`) are QA tooling, not user data, and survive logout so a QA journey
 * can sign out and in again on the pinned versions.
 *
 * `notice` (optional) is shown on /login afterwards, see {@link LogoutOptions}.
 */
export async function logout({ notice }: LogoutOptions = {}): Promise<void> {
  // Still signed in here: the host's push unsubscription needs the session (onBeforeLogout).
  await runBeforeLogoutTasks();
  const token = getRefreshToken();
  if (token) {
    try {
      await bareClient.DELETE('/authO/logout', { body: { token } });
    } catch {
      /* offline or server down: the local sign-out below still happens */
    }
  }
  setTokens(null);
  setCurrentUser(null);
  clearStorageExcept([STORAGE_KEYS.lastUpdate], [QA_PINS_STORAGE_KEY]);
  try {
    await unregisterServiceWorkers();
  } catch {
    /* no service worker support */
  }
  clearCookies();
  // The signed-in page's alerts end with it, whether /login is reached by this navigation or,
  // first, by the host's redirect of a guarded page (a REPLACE, which keeps alerts).
  clearAlerts();
  if (notice) raiseAlert({ ...notice, sticky: true });
  navigateTo('/login');
}
