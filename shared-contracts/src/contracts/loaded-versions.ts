import { useSyncExternalStore } from 'react';
import type { RemoteName } from './index';

/** The versions of the remotes loaded on this page so far, by federated name. */
export type LoadedVersions = Partial<Record<RemoteName, string>>;

const registry = globalThis as { __POD_LOADED_REMOTES__?: LoadedVersions };
let versions: LoadedVersions = {};
const listeners = new Set<() => void>();

/**
 * Called once by each remote when its code is evaluated, with the version it was built as
 * (`__POD_APP_VERSION__`). Customers never see it: the host's QA pins badge lists it, and
 * `globalThis.__POD_LOADED_REMOTES__` shows it to tests and to a developer's console, so QA can
 * tell which build is on screen without a marker in the page itself.
 */
export function reportLoadedVersion(remote: RemoteName, version: string): void {
  if (versions[remote] === version) return;
  versions = { ...versions, [remote]: version };
  registry.__POD_LOADED_REMOTES__ = versions;
  for (const listener of listeners) listener();
}

/** The versions reported so far (a new object after each change). */
export function loadedVersions(): LoadedVersions {
  return versions;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** {@link loadedVersions}, re-rendering when a remote reports. */
export function useLoadedVersions(): LoadedVersions {
  return useSyncExternalStore(subscribe, loadedVersions, loadedVersions);
}
