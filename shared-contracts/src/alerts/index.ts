import { atom, useAtomValue } from 'jotai';
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

/** Shows an alert bar; returns its id so the caller may dismiss it. */
export function raiseAlert(alert: Omit<Alert, 'id'>): string {
  sequence += 1;
  const id = `alert-${sequence}`;
  sessionStore.set(alertsAtom, (alerts) => [...alerts, { ...alert, id }]);
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
