/**
 * The canary guard's rules, pure: when a canary's error rate is bad enough to roll it back, and
 * what the environment's files look like afterwards (remotes.json without the canary, history.json
 * with the automatic rollback). The job (jobs/canary-guard.ts) reads the files and counters and
 * writes the outcome; the file shapes are the deploy tooling's (.ci/lib/deploy.mjs, .ci/README.md).
 */

/** A version's counts since the canary started, as the rule reads them. */
export interface VersionFigures {
  version: string;
  /**
   * Times the version was loaded or tried: `load` plus `load-failure` events. A version that
   * never loads still has tries, so a broken deploy reaches the minimum and is judged.
   */
  loads: number;
  /** `load-failure` plus `render-error` events. */
  failures: number;
}

/** What the guard does with a canary: roll it back, keep it, or wait for more loads. */
export type CanaryDecision = 'rollback' | 'keep' | 'wait';

export interface CanaryVerdict {
  decision: CanaryDecision;
  /** One line saying why, e.g. 'error rate 100% over 6 loads against 0% for 1.3.0 (margin 5 points)'. */
  reason: string;
}

export interface CanaryRule {
  /** Percentage points the canary's error rate may exceed the stable one's by (CANARY_ERROR_MARGIN). */
  marginPoints: number;
  /** Loads of the canary before it is judged at all (CANARY_MIN_LOADS). */
  minLoads: number;
}

/** Defaults of the rule (config.ts reads the environment). */
export const DEFAULT_CANARY_RULE: CanaryRule = { marginPoints: 5, minLoads: 20 };

/** Failures above the loads (several crashes on one page) count as a rate of 100%, never more. */
const capped = (figures: VersionFigures) => ({
  loads: figures.loads,
  failures: Math.min(figures.failures, figures.loads),
});

/** The share of loads that failed, 0..1; 0 for a version with no loads (nothing seen fail). */
export function errorRate(figures: VersionFigures): number {
  const { loads, failures } = capped(figures);
  return loads === 0 ? 0 : failures / loads;
}

/** A rate as people read it: '0%', '2.5%', '100%' (one decimal at most). */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Whether the canary's rate exceeds the stable one's by more than the margin, compared as
 * fractions (cross-multiplied) so that 1 failure in 20 loads is exactly 5 points, not 5.000001.
 */
function exceedsByMoreThan(canary: VersionFigures, stable: VersionFigures, marginPoints: number): boolean {
  const c = capped(canary);
  const s = capped(stable);
  if (s.loads === 0) return c.failures * 100 > marginPoints * c.loads;
  return (c.failures * s.loads - s.failures * c.loads) * 100 > marginPoints * c.loads * s.loads;
}

/**
 * The rule: wait while the canary has fewer than `minLoads` loads; then roll it back when its
 * error rate exceeds the stable version's by more than `marginPoints` percentage points, else
 * keep it. A stable version with no loads since the canary started counts as 0%.
 */
export function canaryVerdict(stable: VersionFigures, canary: VersionFigures, rule: CanaryRule): CanaryVerdict {
  const canaryRate = formatRate(errorRate(canary));
  const stableRate = formatRate(errorRate(stable));
  const margin = plural(rule.marginPoints, 'point');
  if (canary.loads < rule.minLoads) {
    return {
      decision: 'wait',
      reason: `${plural(canary.loads, 'load')} of ${canary.version} so far, ${rule.minLoads} needed before judging it (error rate ${canaryRate} so far)`,
    };
  }
  const figures = `error rate ${canaryRate} over ${plural(canary.loads, 'load')} against ${stableRate} for ${stable.version}`;
  return exceedsByMoreThan(canary, stable, rule.marginPoints)
    ? { decision: 'rollback', reason: `${figures} (margin ${margin})` }
    : { decision: 'keep', reason: `${figures}, within the margin of ${margin}` };
}

// ---- The environment's files (shapes agreed with the deploy tooling) ----

/** One entry of history.json's timeline of a remote (newest last). */
export interface HistoryEntry {
  version: string;
  deployedAt: string;
  channel?: 'canary';
  share?: number;
  event?: 'deploy' | 'promote' | 'rollback' | 'automatic-rollback';
  reason?: string;
}

export type History = Record<string, HistoryEntry[]>;

/** A remote with a canary, as remotes.json names it. */
export interface CanaryRelease {
  remote: string;
  stableVersion: string;
  canaryVersion: string;
  share: number;
}

const REMOTE_NAMES = new Set(['remote_account', 'remote_library', 'remote_checkout', 'remote_wizard']);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The remotes of a remotes.json that run a canary: a known remote with a stable `version` and a
 * `canary` naming a `version` and a whole `share` of 1 to 99. Anything else is not a canary
 * the guard can judge (the host ignores a malformed one too) and is left alone.
 */
export function canaryReleases(config: unknown): CanaryRelease[] {
  if (!isRecord(config) || !isRecord(config.remotes)) return [];
  const releases: CanaryRelease[] = [];
  for (const [remote, entry] of Object.entries(config.remotes)) {
    if (!REMOTE_NAMES.has(remote) || !isRecord(entry) || !isRecord(entry.canary)) continue;
    const { version } = entry;
    const { version: canaryVersion, share } = entry.canary;
    if (typeof version !== 'string' || typeof canaryVersion !== 'string') continue;
    if (typeof share !== 'number' || !Number.isInteger(share) || share < 1 || share > 99) continue;
    releases.push({ remote, stableVersion: version, canaryVersion, share });
  }
  return releases;
}

/**
 * When the canary `version` of `remote` started: the `deployedAt` of the newest history entry of
 * channel canary with that version and a share above 0; undefined when history has none.
 */
export function canaryStart(history: unknown, remote: string, version: string): Date | undefined {
  if (!isRecord(history) || !Array.isArray(history[remote])) return undefined;
  const entries = history[remote] as unknown[];
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (!isRecord(entry) || entry.channel !== 'canary' || entry.version !== version) continue;
    if (typeof entry.share !== 'number' || entry.share <= 0 || typeof entry.deployedAt !== 'string') continue;
    const at = new Date(entry.deployedAt);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return undefined;
}

/**
 * remotes.json with `remote`'s canary removed: the same object otherwise (its other fields, the
 * other remotes and every key order kept).
 */
export function withoutCanary<C extends Record<string, unknown>>(config: C, remote: string): C {
  const remotes = config.remotes as Record<string, Record<string, unknown>>;
  const { canary: _removed, ...entry } = remotes[remote] ?? {};
  return { ...config, remotes: { ...remotes, [remote]: entry } };
}

/** The history entry of an automatic rollback of canary `version` (share 0: nobody runs it any more). */
export function automaticRollbackEntry(version: string, at: Date, reason: string): HistoryEntry {
  return { version, deployedAt: at.toISOString(), channel: 'canary', share: 0, event: 'automatic-rollback', reason };
}

/** history.json with `entry` appended to `remote`'s timeline (created when missing); the rest unchanged. */
export function withHistoryEntry(history: unknown, remote: string, entry: HistoryEntry): History {
  const current = isRecord(history) ? (history as History) : {};
  const timeline = Array.isArray(current[remote]) ? current[remote] : [];
  return { ...current, [remote]: [...timeline, entry] };
}
