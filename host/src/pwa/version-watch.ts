import type { RemoteName, RemotesConfig } from '@pod/shared-contracts';
import { fetchRemotesConfig } from '../federation/remote-registry';
import { browserReleaseStorage, chooseEntry, releaseKey, shareBucket } from '../federation/release-share';
import { announceNewVersion } from './new-version';

/** How often an open page looks for a new version (remotes.json and the service worker). */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;
/** Becoming visible checks too, but not more often than this (tab switching is frequent). */
export const VERSION_CHECK_MIN_GAP_MS = 60_000;

/** This browser's bucket for a remote (release-share.ts), as bootstrap computes it. */
const browserBucket = (remote: RemoteName) => shareBucket(releaseKey(browserReleaseStorage()), remote);

/**
 * A configuration's identity for this browser: its JSON with sorted keys (so key order never
 * looks like a deploy), each remote reduced to the entry this browser runs (stable or canary),
 * so a canary that starts, grows or ends elsewhere is no new version for a browser it does not
 * reach, and one that reaches it (or leaves it) is.
 */
export function remotesFingerprint(
  config: RemotesConfig,
  bucketOf: (remote: RemoteName) => number = browserBucket,
): string {
  const remotes = Object.fromEntries(
    Object.entries(config.remotes ?? {}).map(([name, remote]) => {
      if (!remote || typeof remote !== 'object' || !('canary' in remote)) return [name, remote];
      const { canary: _canary, ...stable } = remote;
      const chosen = chooseEntry(remote, bucketOf(name as RemoteName));
      return [name, { ...stable, entry: chosen.entry, version: chosen.version }];
    }),
  );
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, entry]) => [key, sorted(entry)]),
      );
    }
    return value;
  };
  return JSON.stringify(sorted({ ...config, remotes }));
}

let loadedConfig: RemotesConfig | null = null;
let loadedFingerprint: string | null = null;
let announcedFingerprint: string | null = null;

/**
 * Remembers the remotes.json this page registered its remotes from (bootstrap passes every
 * configuration it reads through here; only the first one counts, remotes are registered once).
 */
export function rememberLoadedRemotes(config: RemotesConfig): RemotesConfig {
  loadedConfig ??= config;
  loadedFingerprint ??= remotesFingerprint(config);
  return config;
}

/** The remotes.json this page loaded (its other settings, such as `pushServiceUrl`), or null. */
export function loadedRemotesConfig(): RemotesConfig | null {
  return loadedConfig;
}

/** Forgets the remembered configuration (tests). */
export function resetLoadedRemotes(): void {
  loadedConfig = null;
  loadedFingerprint = null;
  announcedFingerprint = null;
}

/**
 * Reads remotes.json again and announces a new version (`source: 'remotes'`) when it differs
 * from what the page loaded: a remote was deployed or rolled back, and the page runs the old
 * one until it reloads. Each new configuration is announced once; a failed read says nothing
 * (offline, the worker answers the cached copy, which is the loaded one).
 */
export async function checkRemotesConfig(
  load: () => Promise<RemotesConfig> = () => fetchRemotesConfig(),
): Promise<void> {
  if (loadedFingerprint === null) return;
  let latest: string;
  try {
    latest = remotesFingerprint(await load());
  } catch {
    return;
  }
  if (latest === loadedFingerprint || latest === announcedFingerprint) return;
  announcedFingerprint = latest;
  announceNewVersion({ source: 'remotes' });
}

/** Tuning of {@link startVersionWatch}. */
export interface VersionWatchOptions {
  intervalMs?: number;
  minGapMs?: number;
  now?: () => number;
  doc?: Document;
}

/**
 * Runs `check` every `intervalMs` and whenever the page becomes visible again (at most once per
 * `minGapMs`): a tab left open for days still learns about deploys. Returns a stop function.
 */
export function startVersionWatch(
  check: () => unknown,
  {
    intervalMs = VERSION_CHECK_INTERVAL_MS,
    minGapMs = VERSION_CHECK_MIN_GAP_MS,
    now = Date.now,
    doc = document,
  }: VersionWatchOptions = {},
): () => void {
  let last = now();
  const run = () => {
    last = now();
    void Promise.resolve()
      .then(check)
      .catch((error: unknown) => console.warn('Checking for a new version failed', error));
  };
  const timer = setInterval(run, intervalMs);
  const onVisibility = () => {
    if (doc.visibilityState === 'visible' && now() - last >= minGapMs) run();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
