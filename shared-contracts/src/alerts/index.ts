import { atom, useAtomValue } from 'jotai';
import { alertMessage, ApiError } from '../api/errors';
import { isQueuedOffline } from '../api/offline';
import { GENERIC_ERROR_MESSAGE } from '../constants';
import { QUEUED_ALERTS } from '../constants/offline';
import { sessionStore } from '../session/store';

/** The four alert bars of the shell. */
export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

/** One alert shown by the host's alert region. */
export interface Alert {
  id: string;
  variant: AlertVariant;
  message: string;
  title?: string;
  /** Its cause: one alert per cause is on screen at a time. */
  key: string;
  /**
   * Kept when the user moves to another page (a QA pins notice, the expired-session notice
   * that leads to /login); cleared by {@link clearAlerts} with `all` (sign-in) or dismissed.
   */
  sticky?: boolean;
}

/** What a caller says when raising an alert: everything but the id; the key defaults to the text. */
export type AlertRequest = Omit<Alert, 'id' | 'message' | 'key'> & { message?: unknown; key?: string };

/** The alerts on screen; the host renders them, any remote may raise one. */
export const alertsAtom = atom<Alert[]>([]);

let sequence = 0;

/**
 * The text an alert shows: `alertMessage` semantics (an Error's message or the string
 * itself), with the specification's generic fallback (section 8) for a missing, blank or
 * bare 'Internal server error' message. Callers may pass a server message through as is.
 */
function displayedMessage(message: unknown): string {
  const text = alertMessage(message).trim();
  return text && text !== 'Internal server error' ? text : GENERIC_ERROR_MESSAGE;
}

/**
 * Shows an alert bar and returns its id, so the caller may dismiss it. `message` may be a
 * string, an Error, or missing: a missing or blank message, or 'Internal server error',
 * shows "Something went wrong and we're not sure what to do about it..." instead.
 * - One alert per cause: raising a cause that is on screen (same `key`, by default the same
 *   variant, title and text) adds nothing and returns the id of the one shown.
 * - A 401 from the API is the session's business, never an alert: the client has refreshed
 *   and retried, or ended the session with its own notice ('Unable to refresh token').
 *   Nothing is raised and '' is returned.
 * - A change queued offline (`QueuedOfflineError`) is not a failure: the client has raised its
 *   queued alert ('No network connection - ...'); nothing more is raised and '' is returned.
 *   A caller that passes its text (`alertMessage(error)`) raises that same queued alert again,
 *   whatever variant it asked for, so it adds nothing either.
 */
export function raiseAlert(alert: AlertRequest): string {
  if (alert.message instanceof ApiError && alert.message.status === 401) return '';
  if (isQueuedOffline(alert.message)) return '';
  const message = displayedMessage(alert.message);
  const queued = (Object.keys(QUEUED_ALERTS) as (keyof typeof QUEUED_ALERTS)[]).find(
    (kind) => QUEUED_ALERTS[kind] === message,
  );
  const queuedKey = queued ? queuedAlertKey(queued) : undefined;
  if (queuedKey && (alert.variant !== 'warning' || alert.key !== queuedKey)) {
    return raiseAlert({ variant: 'warning', message, key: queuedKey });
  }
  const key = alert.key ?? `${alert.variant}|${alert.title ?? ''}|${message}`;
  const shown = sessionStore.get(alertsAtom).find((existing) => existing.key === key);
  if (shown) return shown.id;
  sequence += 1;
  const raised: Alert = { variant: alert.variant, message, id: `alert-${sequence}`, key };
  if (alert.title !== undefined) raised.title = alert.title;
  if (alert.sticky) raised.sticky = true;
  sessionStore.set(alertsAtom, (alerts) => [...alerts, raised]);
  return raised.id;
}

/** The cause key of the queued alert of one kind (a warning, raised by the shared client). */
export function queuedAlertKey(kind: keyof typeof QUEUED_ALERTS): string {
  return `offline:queued:${kind}`;
}

/** Removes one alert bar. */
export function dismissAlert(id: string): void {
  sessionStore.set(alertsAtom, (alerts) => alerts.filter((alert) => alert.id !== id));
}

/** Removes the alert of one cause (when what it reported is resolved), if it is shown. */
export function dismissAlertByKey(key: string): void {
  sessionStore.set(alertsAtom, (alerts) => alerts.filter((alert) => alert.key !== key));
}

/**
 * Clears the alerts that belong to the page being left: every alert but the sticky ones, or
 * with `all` every alert (a new session starts: nothing said to the last one still applies).
 */
export function clearAlerts({ all = false }: { all?: boolean } = {}): void {
  sessionStore.set(alertsAtom, (alerts) => {
    const kept = all ? [] : alerts.filter((alert) => alert.sticky);
    return kept.length === alerts.length ? alerts : kept;
  });
}

/** The alerts currently raised, for the host's alert region. */
export function useAlerts(): Alert[] {
  return useAtomValue(alertsAtom, { store: sessionStore });
}
