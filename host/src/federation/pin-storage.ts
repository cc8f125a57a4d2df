import { useSyncExternalStore } from 'react';
import { QA_PINS_STORAGE_KEY } from '@pod/shared-contracts';
import { formatPins, parsePins, type Pin } from './pins';

/** The query parameter of a pin link: `/?pin=checkout@1.3.0,wizard@2.0.1`. */
export const PIN_PARAM = 'pin';

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: pins simply do not persist
  }
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedPins: Pin[] = [];

/**
 * The pins of this browser session. Stored as a pin query value (`checkout@1.3.0`) and parsed
 * again on read, so a hand-edited or stale value can never pin an invalid remote or version.
 */
export function readPins(): Pin[] {
  const raw = session()?.getItem(QA_PINS_STORAGE_KEY) ?? null;
  // One array per stored value: useSyncExternalStore needs a stable snapshot.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedPins = raw ? parsePins(raw).pins : [];
  }
  return cachedPins;
}

/** Stores the pins for the browser session (none removes the key) and tells the badge. */
export function writePins(pins: readonly Pin[]): void {
  const storage = session();
  if (storage) {
    if (pins.length === 0) storage.removeItem(QA_PINS_STORAGE_KEY);
    else storage.setItem(QA_PINS_STORAGE_KEY, formatPins(pins));
  }
  listeners.forEach((listener) => listener());
}

/** Removes every pin. */
export function clearPins(): void {
  writePins([]);
}

/** Removes one remote's pin (a version that turned out not to be deployed). */
export function dropPin(pin: Pin): void {
  writePins(readPins().filter((stored) => stored.remote !== pin.remote));
}

/** The stored pins, re-rendering when they change in this tab. */
export function useStoredPins(): Pin[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readPins,
    () => [],
  );
}

/** What {@link capturePinsFromUrl} did. */
export interface CapturedPins {
  /** True when the address carried a `pin` parameter. */
  found: boolean;
  /** One readable sentence per ignored item of the link. */
  errors: string[];
}

/**
 * Takes a pin link's pins into session storage, then removes `pin` from the address bar
 * (history.replaceState, keeping the path, other parameters and hash) so the router
 * continues to the normal route and a shared or bookmarked address stays clean. A pin link
 * replaces the pins stored before (so the link alone says what is pinned; `?pin=` clears).
 */
export function capturePinsFromUrl(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): CapturedPins {
  const url = new URL(location.href);
  const value = url.searchParams.get(PIN_PARAM);
  if (value === null) return { found: false, errors: [] };
  const { pins, errors } = parsePins(value);
  writePins(pins);
  url.searchParams.delete(PIN_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return { found: true, errors };
}
