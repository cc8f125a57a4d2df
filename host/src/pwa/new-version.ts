import { NEW_VERSION_EVENT, type NewVersionDetail } from '@pod/shared-contracts';

/**
 * Announces a new version of the portal with the window event every part of the page may
 * listen to (account-area.md section 4: "a new version is announced with an event"); the
 * shell's update notice is one listener, a remote may be another.
 */
export function announceNewVersion(detail: NewVersionDetail, target: Window = window): void {
  target.dispatchEvent(new CustomEvent<NewVersionDetail>(NEW_VERSION_EVENT, { detail }));
}

let activateWaitingWorker: (() => void) | null = null;

/**
 * Registers how to switch to a service worker that is installed and waiting (the worker's
 * SKIP_WAITING, then a reload once it controls the page), or forgets it with null.
 */
export function setWaitingWorkerActivator(activate: (() => void) | null): void {
  activateWaitingWorker = activate;
}

/**
 * Moves the page to the new version: through the waiting service worker when there is one (a
 * plain reload would keep the old worker, which still controls the page), else by a reload,
 * which reads remotes.json and the remotes' manifests afresh.
 */
export function applyUpdate(reload: () => void = () => window.location.reload()): void {
  if (activateWaitingWorker) activateWaitingWorker();
  else reload();
}
