import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { adminConsoleOf } from './support/admin';
import { RELEASE_KEY_STORAGE_KEY, shareBucket } from '../../host/src/federation/release-share';
import { deploymentsStaticRoot, environmentConfigFile, type RemoteEntry, type RemotesConfig } from './support/paths';
import { SERVERS } from './support/servers';

// Runs in the `deployments` project: its server serves environment `staging` of a temp copy of
// the static root, with a canary guard that checks every second and judges a canary after
// `minLoads` loads (playwright.config.ts, servers.ts). A broken deploy of remote_account (its
// remoteEntry.js missing) goes out as a canary at 99 %; a browser in the canary's share opens
// /login, where the failure shows and the host reports it; the server rolls the canary back on
// its own and writes why to history.json; the next visit gets the stable version.
// staging's remotes.json and history.json are restored afterwards: deploy-and-pin.spec.ts
// runs on the same server.

const ENVIRONMENT = SERVERS.deployments.environment;
const { minLoads } = SERVERS.deployments.canaryGuard;
const REMOTE = { name: 'remote_account', dir: 'remote-account', label: 'Your account' } as const;
/** No other journey publishes this version (deploy-and-pin uses 1.3.0, 1.4.0 and 9.9.9). */
const BROKEN = '8.0.0';
const SHARE = 99;

test.describe.configure({ timeout: 120_000 });

interface HistoryEntry {
  version: string;
  deployedAt: string;
  channel?: string;
  share?: number;
  event?: string;
  reason?: string;
}

/** Writes a file as the deploy tooling does: a temporary file in the same folder, then a rename. */
function writeAtomic(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.e2e-${process.pid}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

const json = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`;

test('a canary that fails to load is rolled back automatically, and the stable version works again', async ({
  context,
  page,
}) => {
  const root = deploymentsStaticRoot();
  const configFile = environmentConfigFile(root, ENVIRONMENT);
  const historyFile = path.join(path.dirname(configFile), 'history.json');
  const savedConfig = fs.readFileSync(configFile, 'utf8');
  const savedHistory = fs.existsSync(historyFile) ? fs.readFileSync(historyFile, 'utf8') : null;
  const before = JSON.parse(savedConfig) as RemotesConfig;
  const stable = before.remotes[REMOTE.name] as RemoteEntry;
  const stableDir = path.join(root, ...path.posix.dirname(stable.entry).split('/').filter(Boolean));
  const brokenDir = path.join(root, 'remotes', REMOTE.dir, BROKEN);
  const canaryEntry = `/remotes/${REMOTE.dir}/${BROKEN}/mf-manifest.json`;
  const readConfig = () => JSON.parse(fs.readFileSync(configFile, 'utf8')) as RemotesConfig;
  const readHistory = () => JSON.parse(fs.readFileSync(historyFile, 'utf8')) as Record<string, HistoryEntry[]>;
  const failure = page.getByRole('heading', { name: `${REMOTE.label} could not be loaded` });

  // A browser whose bucket for remote_account falls in the canary's share (the host's own split).
  const releaseKey = Array.from({ length: 20 }, (_, index) => `e2e-canary-rollback-${index}`).find(
    (key) => shareBucket(key, REMOTE.name) < SHARE,
  );
  if (!releaseKey) throw new Error(`no release key in the ${SHARE} % share`);
  await context.addInitScript(([name, value]) => window.localStorage.setItem(name, value), [
    RELEASE_KEY_STORAGE_KEY,
    releaseKey,
  ] as const);

  try {
    await test.step(`publish ${REMOTE.dir} ${BROKEN}: a copy of ${stable.version} without its remoteEntry.js`, async () => {
      expect(fs.existsSync(brokenDir), `${brokenDir} is free`).toBe(false);
      fs.cpSync(stableDir, brokenDir, { recursive: true });
      // The manifest still names remoteEntry.js (and its compressed copies are gone too): the
      // browser finds the manifest, then the entry answers 404, as after a broken upload.
      for (const file of fs.readdirSync(brokenDir)) {
        if (file.startsWith('remoteEntry.js')) fs.rmSync(path.join(brokenDir, file));
      }
      expect(fs.existsSync(path.join(brokenDir, 'mf-manifest.json'))).toBe(true);
    });

    await test.step(`make it ${ENVIRONMENT}'s canary at ${SHARE} % with its history entry`, async () => {
      const history = savedHistory ? (JSON.parse(savedHistory) as Record<string, HistoryEntry[]>) : {};
      const deploy = {
        version: BROKEN,
        deployedAt: new Date().toISOString(),
        channel: 'canary',
        share: SHARE,
        event: 'deploy',
      };
      writeAtomic(
        configFile,
        json({
          ...before,
          remotes: {
            ...before.remotes,
            [REMOTE.name]: { ...stable, canary: { entry: canaryEntry, version: BROKEN, share: SHARE } },
          },
        }),
      );
      writeAtomic(historyFile, json({ ...history, [REMOTE.name]: [...(history[REMOTE.name] ?? []), deploy] }));
    });

    await test.step(`a browser in the canary opens /login ${minLoads} times and sees the failure each time`, async () => {
      for (let visit = 0; visit < minLoads; visit += 1) {
        await page.goto('/login');
        await expect(failure).toBeVisible();
        await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
        // Leaving the page sends its report (pagehide).
        await page.goto('about:blank');
      }
    });

    await test.step(`each visit was reported once: ${minLoads} load failures of ${BROKEN} on the canary channel`, async () => {
      const counts = async () => {
        const result = await adminConsoleOf(
          'POD_E2E_DEPLOYMENTS_DATA_DIR',
          'report',
          'remotes',
          '--env',
          ENVIRONMENT,
          '--json',
        );
        expect(result.exitCode, result.stderr).toBe(0);
        const report = JSON.parse(result.stdout) as { versions: Array<Record<string, unknown>> };
        return report.versions.find((line) => line.remote === REMOTE.name && line.version === BROKEN);
      };
      await expect.poll(counts, { timeout: 15_000 }).toEqual({
        remote: REMOTE.name,
        version: BROKEN,
        channel: 'canary',
        loads: 0,
        loadFailures: minLoads,
        renderErrors: 0,
        errorRate: 1,
      });
    });

    await test.step(`the server rolls the canary back: ${ENVIRONMENT}'s remotes.json is as before, history.json says why`, async () => {
      await expect.poll(() => readConfig().remotes[REMOTE.name], { timeout: 20_000 }).toEqual(stable);
      // Only the canary went: every other remote and field is unchanged.
      expect(readConfig()).toEqual(before);
      const entries = readHistory()[REMOTE.name] ?? [];
      expect(entries.at(-1)).toEqual({
        version: BROKEN,
        deployedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        channel: 'canary',
        share: 0,
        event: 'automatic-rollback',
        reason: `error rate 100% over ${minLoads} loads against 0% for ${stable.version} (margin 5 points)`,
      });
      expect(entries.filter((entry) => entry.event === 'automatic-rollback')).toHaveLength(1);
    });

    await test.step(`the same browser now gets the stable ${stable.version}: the sign-in form works`, async () => {
      await page.goto('/login');
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              (globalThis as { __POD_LOADED_REMOTES__?: Record<string, string> }).__POD_LOADED_REMOTES__
                ?.remote_account,
          ),
        )
        .toBe(stable.version);
      await expect(failure).toHaveCount(0);
    });
  } finally {
    writeAtomic(configFile, savedConfig);
    if (savedHistory === null) fs.rmSync(historyFile, { force: true });
    else writeAtomic(historyFile, savedHistory);
    fs.rmSync(brokenDir, { recursive: true, force: true });
  }
});
