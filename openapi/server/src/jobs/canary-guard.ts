import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CanaryGuardSettings } from '../config.js';
import {
  automaticRollbackEntry,
  canaryReleases,
  canaryStart,
  canaryVerdict,
  withHistoryEntry,
  withoutCanary,
  type CanaryRelease,
  type CanaryVerdict,
  type VersionFigures,
} from '../domain/canary-guard.js';
import { hourOf, REMOTE_EVENT_RETENTION_DAYS } from '../domain/remote-events.js';
import type { RemoteEventTotals } from '../plugins/app/remote-event-repository.js';
import type { JobHandler } from './queue.js';

export const CANARY_GUARD_JOB = 'canary-guard';
/**
 * How long a finished guard run stays in `jobs` (to see what the guard did lately): every run is
 * a row, one a minute by default, so older ones are deleted by the run after them.
 */
export const CANARY_GUARD_RUNS_KEPT_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The canary guard of this server's environment, or null where it does not run (no static root, CANARY_GUARD=off). */
    canaryGuard: CanaryGuard | null;
  }
}

export interface CanaryGuard {
  /** Makes sure the next check is queued (one per environment across every instance); cheap to repeat. */
  arm(): Promise<void>;
  /** Checks every canary of the environment now, rolling back those the rule condemns; answers what it decided. */
  check(): Promise<CanaryCheck[]>;
}

/** One canary as the guard judged it. */
export interface CanaryCheck extends CanaryRelease {
  verdict: CanaryVerdict;
  /** Whether this check removed it (false also when a deploy changed it in the meantime). */
  rolledBack: boolean;
}

interface GuardPayload extends Record<string, unknown> {
  environment: string;
}

export interface CanaryGuardOptions {
  /** The static root served (STATIC_ROOT); the guard changes environments/<environment>/ in it. */
  staticRoot: string | undefined;
  /** The environment this server stands for (PORTAL_ENV). */
  environment: string;
  settings: CanaryGuardSettings;
}

/** The environment's two files (the deploy tooling's layout, .ci/lib/deploy.mjs environmentPaths). */
function environmentFiles(staticRoot: string, environment: string) {
  const dir = join(resolve(staticRoot), 'environments', environment);
  return { config: join(dir, 'remotes.json'), history: join(dir, 'history.json') };
}

/** A JSON file's content; undefined when the file does not exist. */
async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return JSON.parse(text) as unknown;
}

/**
 * Writes JSON as the deploy tooling does (two-space indent, final newline) through a temporary
 * file in the same folder and a rename, so the server and the host never read half a file.
 */
async function writeJsonAtomic(file: string, data: unknown): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    await writeFile(temp, `${JSON.stringify(data, null, 2)}\n`);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/** The rule's figures of a version: tries are loads plus load failures (see VersionFigures). */
const figuresOf = (version: string, totals: RemoteEventTotals): VersionFigures => ({
  version,
  loads: totals.loads + totals.loadFailures,
  failures: totals.loadFailures + totals.renderErrors,
});

/**
 * The guard of one app. Every app defines the job type (any instance's worker may claim a guard
 * job); only an app serving a static root with the guard on arms it and checks.
 */
export function createCanaryGuard(app: FastifyInstance, options: CanaryGuardOptions): CanaryGuard | null {
  const { environment, settings } = options;
  const log = app.log.child({ component: 'canary-guard', environment });
  const intervalMs = settings.intervalSeconds * 1000;
  const active = settings.enabled && options.staticRoot !== undefined;
  let guard: CanaryGuard | null = null;

  async function armFor(target: string): Promise<void> {
    await app.jobRepository.enqueueUnlessWaiting({
      type: CANARY_GUARD_JOB,
      payload: { environment: target },
      maxAttempts: app.jobs.maxAttemptsOf(CANARY_GUARD_JOB),
      runAt: new Date(app.config.now().getTime() + intervalMs),
    });
  }

  const handler: JobHandler<GuardPayload> = {
    // One attempt: a failed check is not retried (the next one comes within the interval), and a
    // guard job never returns to 'queued', where migration 021's index allows one per environment.
    maxAttempts: 1,
    async run(payload) {
      // Off here (CANARY_GUARD=off): the chain ends with this job.
      if (!settings.enabled) return;
      // The next check first, so a check that fails or a process that dies does not end the chain.
      await armFor(payload.environment);
      await app.jobRepository.deleteFinished(
        CANARY_GUARD_JOB,
        new Date(app.config.now().getTime() - CANARY_GUARD_RUNS_KEPT_MS),
      );
      if (!guard || payload.environment !== environment) return;
      await guard.check();
    },
  };
  app.jobs.define(CANARY_GUARD_JOB, handler);
  if (!active) return null;
  const files = environmentFiles(options.staticRoot!, environment);

  /** Removes the canary and records why, unless a deploy changed it since it was read; answers whether it did. */
  async function rollBack(release: CanaryRelease, reason: string): Promise<boolean> {
    const config = await readJson(files.config);
    const current = canaryReleases(config).find((found) => found.remote === release.remote);
    if (current?.canaryVersion !== release.canaryVersion) return false;
    // remotes.json first: from that moment no browser gets the canary; history records it after.
    await writeJsonAtomic(files.config, withoutCanary(config as Record<string, unknown>, release.remote));
    const entry = automaticRollbackEntry(release.canaryVersion, app.config.now(), reason);
    await writeJsonAtomic(files.history, withHistoryEntry(await readJson(files.history), release.remote, entry));
    return true;
  }

  async function judge(release: CanaryRelease, history: unknown): Promise<CanaryCheck> {
    const start =
      canaryStart(history, release.remote, release.canaryVersion) ??
      // No deploy entry: every hour still kept.
      new Date(app.config.now().getTime() - REMOTE_EVENT_RETENTION_DAYS * 86_400_000);
    // Counted per hour: from the hour the canary started.
    const since = hourOf(start);
    const counts = app.remoteEventRepository;
    const [canary, stable] = await Promise.all([
      counts.totals({ environment, remote: release.remote, version: release.canaryVersion, channel: 'canary' }, since),
      counts.totals({ environment, remote: release.remote, version: release.stableVersion, channel: 'stable' }, since),
    ]);
    const verdict = canaryVerdict(
      figuresOf(release.stableVersion, stable),
      figuresOf(release.canaryVersion, canary),
      settings,
    );
    const rolledBack = verdict.decision === 'rollback' && (await rollBack(release, verdict.reason));
    if (rolledBack) {
      log.warn(
        { remote: release.remote, version: release.canaryVersion, reason: verdict.reason },
        'canary rolled back',
      );
    }
    return { ...release, verdict, rolledBack };
  }

  guard = {
    arm: () => armFor(environment),
    async check() {
      const releases = canaryReleases(await readJson(files.config));
      if (releases.length === 0) return [];
      const history = await readJson(files.history);
      const checks: CanaryCheck[] = [];
      for (const release of releases) checks.push(await judge(release, history));
      return checks;
    },
  };
  return guard;
}

/**
 * `app.canaryGuard`: defines the guard's job and, where the guard runs, arms it once the app is
 * ready. Checking is the job's: whichever instance's worker claims it.
 */
export default fp<CanaryGuardOptions>(
  async (app, options) => {
    const guard = createCanaryGuard(app, options);
    app.decorate('canaryGuard', guard);
    if (guard) {
      app.addHook('onReady', async () => {
        await guard.arm().catch((err: unknown) => app.log.error({ err }, 'the canary guard could not be armed'));
      });
    }
  },
  { name: 'canary-guard', dependencies: ['jobs', 'job-repository', 'remote-event-repository'] },
);
