import { atom, useAtomValue } from 'jotai';
import { alertMessage } from '../api/errors';
import { GENERIC_ERROR_MESSAGE } from '../constants';
import { sessionStore } from '../session/store';

/** The four alert bars of the shell. */
export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

/** One alert shown by the host's alert region. */
export interface Alert {
  id: string;
  variant: AlertVariant;
  message: string;
  title?: string;
}

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
 * Shows an alert bar; returns its id so the caller may dismiss it. `message` may be a
 * string, an Error, or missing: a missing or blank message, or 'Internal server error',
 * shows "Something went wrong and we're not sure what to do about it..." instead.
 */
export function raiseAlert(alert: Omit<Alert, 'id' | 'message'> & { message?: unknown }): string {
  sequence += 1;
  const id = `alert-${sequence}`;
  const raised: Alert = { variant: alert.variant, message: displayedMessage(alert.message), id };
  if (alert.title !== undefined) raised.title = alert.title;
  sessionStore.set(alertsAtom, (alerts) => [...alerts, raised]);
  return id;
}

/** Removes one alert bar. */
export function dismissAlert(id: string): void {
  sessionStore.set(alertsAtom, (alerts) => alerts.filter((alert) => alert.id !== id));
}

/** The alerts currently raised, for the host's alert region. */
export function useAlerts(): Alert[] {
  return useAtomValue(alertsAtom, { store: sessionStore });
}
