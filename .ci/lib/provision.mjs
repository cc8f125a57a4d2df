// What `npm start` and `npm test` need on a machine that has only Node and npm: pnpm 10 and,
// for the browser journeys, a Chromium. `.ci/run` reaches the same code through `npm test`.
import { existsSync } from 'node:fs';
import { capture, run } from './proc.mjs';
import { REPO_ROOT } from './workspace.mjs';

const PNPM_MAJOR = 10;

/**
 * Finds or installs pnpm 10 and returns the argv words that run it.
 * @param {{ probe?: (argv: string[]) => string | null, exec?: (argv: string[]) => Promise<number>,
 *   log?: (line: string) => void }} [deps]
 *   probe runs `argv -v` and returns its output (null on failure); exec runs a command; log prints
 *   progress. Injected by tests.
 * @returns {Promise<string[]>}
 */
export async function ensurePnpm({
  probe = (argv) => capture([...argv, '-v'], { cwd: REPO_ROOT }),
  exec = (argv) => run(argv),
  log = console.log,
} = {}) {
  const versionOf = (argv) => {
    const version = probe(argv);
    return version && Number.parseInt(version, 10) === PNPM_MAJOR ? version : null;
  };
  const onPath = versionOf(['pnpm']);
  if (onPath) {
    log(`pnpm ${onPath} found`);
    return ['pnpm'];
  }
  log(`pnpm ${PNPM_MAJOR} not found: npm i -g pnpm@${PNPM_MAJOR}`);
  if ((await exec(['npm', 'i', '-g', `pnpm@${PNPM_MAJOR}`])) === 0) {
    const installed = versionOf(['pnpm']);
    if (installed) {
      log(`pnpm ${installed} installed`);
      return ['pnpm'];
    }
  }
  const viaNpx = ['npx', '-y', `pnpm@${PNPM_MAJOR}`];
  log(`global install failed: falling back to ${viaNpx.join(' ')}`);
  const version = versionOf(viaNpx);
  if (!version) throw new Error(`could not get pnpm ${PNPM_MAJOR} (npm i -g and npx both failed)`);
  log(`using pnpm ${version} through npx`);
  return viaNpx;
}

/** Where Debian and Ubuntu put their Chromium, in the order tried. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Debian packages that give a Chromium and the fonts the journeys' pages are drawn with. */
export const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];

/**
 * The one line shown when no Chromium can be found or installed: what to do about it.
 * @param {string} reason
 */
export const chromiumMissingMessage = (reason) =>
  `no Chromium for the browser journeys (${reason}): install Debian's \`${CHROMIUM_PACKAGES.join(' ')}\` ` +
  `(apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}) or set PLAYWRIGHT_CHROMIUM to a Chromium executable`;

/**
 * Finds a Chromium for Playwright, installing Debian's when the machine allows it, and returns
 * its path. Order: PLAYWRIGHT_CHROMIUM (a path; it must exist: a typo is an error, not a silent
 * fallback), then the usual Debian paths, then `apt-get install` when we are root on a machine
 * with apt-get. Playwright's own browser download is never used (no downloads on these machines).
 * @param {{ env?: NodeJS.ProcessEnv, exists?: (file: string) => boolean,
 *   exec?: (argv: string[]) => Promise<number>, isRoot?: boolean, log?: (line: string) => void }} [deps]
 * @returns {Promise<string>}
 */
export async function ensureChromium({
  env = process.env,
  exists = existsSync,
  exec = (argv) => run(argv, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }),
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
  log = console.log,
} = {}) {
  const configured = env.PLAYWRIGHT_CHROMIUM?.trim();
  if (configured) {
    if (!exists(configured)) throw new Error(`PLAYWRIGHT_CHROMIUM is ${configured}, which does not exist`);
    log(`Chromium: ${configured} (PLAYWRIGHT_CHROMIUM)`);
    return configured;
  }
  const found = () => CHROMIUM_CANDIDATES.find((file) => exists(file));
  const present = found();
  if (present) {
    log(`Chromium: ${present}`);
    return present;
  }
  if (!exists('/usr/bin/apt-get')) throw new Error(chromiumMissingMessage('this machine has no apt-get'));
  if (!isRoot) throw new Error(chromiumMissingMessage('installing needs root'));
  log(`Chromium not found: apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`);
  // The package lists of a fresh machine are empty or stale: update once, then install.
  if ((await exec(['apt-get', 'update', '-q'])) !== 0) throw new Error(chromiumMissingMessage('apt-get update failed'));
  if ((await exec(['apt-get', 'install', '-y', '-q', ...CHROMIUM_PACKAGES])) !== 0) {
    throw new Error(chromiumMissingMessage('apt-get install failed'));
  }
  const installed = found();
  if (!installed) throw new Error(chromiumMissingMessage('the package installed no chromium executable'));
  log(`Chromium installed: ${installed}`);
  return installed;
}
