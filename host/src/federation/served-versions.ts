import type { RemoteName } from '@pod/shared-contracts';

/** Why this page runs the version it runs of a remote. */
export type ReleaseChannel = 'stable' | 'canary' | 'pinned';

/** The version of one remote this page registered, and why. */
export interface ServedVersion {
  version: string;
  channel: ReleaseChannel;
}

const served = new Map<RemoteName, ServedVersion>();

/**
 * Remembers which version of each remote this page registered (bootstrap, once the canary
 * share and the QA pins are applied). Replaces what was remembered before.
 */
export function recordServedVersions(versions: Iterable<readonly [RemoteName, ServedVersion]>): void {
  served.clear();
  for (const [remote, version] of versions) served.set(remote, version);
}

/** The version of `remote` this page runs, or undefined when it registered none. */
export function servedVersion(remote: RemoteName): ServedVersion | undefined {
  return served.get(remote);
}
