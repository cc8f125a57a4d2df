import { raiseAlert, remoteManifestUrl, type RemotesConfig } from '@pod/shared-contracts';
import { dropPin, readPins } from './pin-storage';
import { formatPin, shortRemoteName, type Pin } from './pins';
import { browserReleaseStorage, chooseEntry, releaseKey, shareBucket } from './release-share';
import { recordServedVersions, type ServedVersion } from './served-versions';
import { REQUEST_TIMEOUT_MS, withTimeout } from './timeout';
import type { FederationRemote } from './remote-registry';

/** The notice shown when pins exist but the environment does not honour them. */
export const PINNING_OFF_NOTICE = 'Version pinning is turned off in this environment.';

/**
 * Whether the environment honours QA pins: its `pinning` flag; files written before the flag
 * existed honour them everywhere except in the environment named `production`.
 */
export function isPinningEnabled(config: RemotesConfig): boolean {
  return config.pinning ?? config.environment !== 'production';
}

/** Whether one version's manifest is deployed: 'missing' for an HTTP error or a non-JSON page. */
export type DeployCheck = (manifestUrl: string) => Promise<'deployed' | 'missing' | 'unreachable'>;

/**
 * Asks for a version's mf-manifest.json (no-cache, within the request timeout): deployed when
 * it answers 200 with JSON; missing for any other answer (the SPA fallback page, a 404);
 * unreachable when no answer came (offline, a hang).
 */
export function checkDeployed(fetchImpl?: typeof fetch, timeoutMs = REQUEST_TIMEOUT_MS): DeployCheck {
  return async (manifestUrl) => {
    try {
      return await withTimeout(manifestUrl, timeoutMs, async (signal) => {
        // The page's fetch at call time (not at import), so a wrapped or stubbed fetch is used.
        const response = await (fetchImpl ?? globalThis.fetch)(manifestUrl, { cache: 'no-cache', signal });
        if (response.status !== 200) return 'missing';
        try {
          await response.json();
          return 'deployed';
        } catch {
          return 'missing';
        }
      });
    } catch {
      return 'unreachable';
    }
  };
}

/** The outcome of {@link applyPins}. */
export interface AppliedPins {
  /** What to register: each remote's stable or canary entry, or an applied pin's instead. */
  remotes: FederationRemote[];
  /** The version each registered remote runs, and why (stable, canary or pinned). */
  served: Array<[FederationRemote['name'], ServedVersion]>;
  /** The pins in effect. */
  applied: Pin[];
  /** Pins that must not stay stored (not deployed, unreachable, or pinning off). */
  dropped: Pin[];
  /** One sentence per thing QA should know. */
  notices: string[];
}

function environmentVersion(config: RemotesConfig, pin: Pin): string {
  const version = config.remotes[pin.remote]?.version;
  return version
    ? `showing the environment's version ${version}`
    : `this environment has no ${shortRemoteName(pin.remote)} deployed`;
}

/** This browser's bucket (0..99) for one remote: see release-share.ts. */
export type BucketOf = (remote: FederationRemote['name']) => number;

type Chosen = { entry: string } & ServedVersion;

/**
 * Decides which entry each remote is registered with: the environment's (remotes.json), its
 * canary when this browser's bucket falls within the canary's share, or a pinned version's
 * manifest when pinning is on and that version is deployed (a pin wins over both). A pinned
 * remote that remotes.json lacks is registered from the pin alone.
 */
export async function applyPins(
  config: RemotesConfig,
  pins: readonly Pin[],
  check: DeployCheck,
  bucketOf: BucketOf = () => 100,
): Promise<AppliedPins> {
  const entries = new Map<FederationRemote['name'], Chosen>(
    Object.entries(config.remotes).flatMap(([name, remote]) => {
      if (!remote) return [];
      const remoteName = name as FederationRemote['name'];
      const { entry, version, channel } = chooseEntry(remote, bucketOf(remoteName));
      return [[remoteName, { entry, version, channel }] as const];
    }),
  );
  if (pins.length > 0 && !isPinningEnabled(config)) {
    return { ...toRegistered(entries), applied: [], dropped: [...pins], notices: [PINNING_OFF_NOTICE] };
  }
  const results = await Promise.all(
    pins.map(async (pin) => ({ pin, state: await check(remoteManifestUrl(pin.remote, pin.version)) })),
  );
  const applied: Pin[] = [];
  const dropped: Pin[] = [];
  const notices: string[] = [];
  for (const { pin, state } of results) {
    if (state === 'deployed') {
      entries.set(pin.remote, {
        entry: remoteManifestUrl(pin.remote, pin.version),
        version: pin.version,
        channel: 'pinned',
      });
      applied.push(pin);
      continue;
    }
    dropped.push(pin);
    notices.push(
      state === 'missing'
        ? `${formatPin(pin)} is not deployed; ${environmentVersion(config, pin)}.`
        : `${formatPin(pin)} could not be checked; ${environmentVersion(config, pin)}.`,
    );
  }
  return { ...toRegistered(entries), applied, dropped, notices };
}

function toRegistered(entries: Map<FederationRemote['name'], Chosen>): Pick<AppliedPins, 'remotes' | 'served'> {
  const all = [...entries];
  return {
    remotes: all.map(([name, { entry }]) => ({ name, entry })),
    served: all.map(([name, { version, channel }]) => [name, { version, channel }]),
  };
}

/** What {@link pinnedRemotes} reads and writes (the browser's by default; fakes in tests). */
export interface PinEnvironment {
  readPins: () => Pin[];
  dropPin: (pin: Pin) => void;
  notify: (message: string) => void;
  check: DeployCheck;
  bucketOf: BucketOf;
  /** Told which version of each remote the page registers (served-versions.ts by default). */
  recordServed: (served: AppliedPins['served']) => void;
}

const browserPins: PinEnvironment = {
  readPins,
  dropPin,
  notify: (message) => raiseAlert({ variant: 'warning', title: 'QA pins', message, sticky: true }),
  check: checkDeployed(),
  bucketOf: (remote) => shareBucket(releaseKey(browserReleaseStorage()), remote),
  recordServed: recordServedVersions,
};

/**
 * The remotes to register for `config` with this browser session's pins applied. A dropped
 * pin leaves storage (with pinning off all of them do, so its notice shows once and no badge
 * claims a pin that is not in effect); every notice becomes a warning alert.
 */
export async function pinnedRemotes(
  config: RemotesConfig,
  env: PinEnvironment = browserPins,
): Promise<FederationRemote[]> {
  const result = await applyPins(config, env.readPins(), env.check, env.bucketOf);
  env.recordServed(result.served);
  for (const pin of result.dropped) env.dropPin(pin);
  for (const notice of result.notices) env.notify(notice);
  return result.remotes;
}
