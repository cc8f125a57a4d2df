// Child-process helpers shared by the .ci scripts (no dependencies beyond Node).
import { spawn, spawnSync } from 'node:child_process';

/**
 * The command that runs pnpm, as argv words. start.mjs sets POD_PNPM (e.g. "npx -y pnpm@10")
 * when it had to fall back to npx, so the scripts it launches use the same pnpm.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]}
 */
export function pnpmCommand(env = process.env) {
  const words = (env.POD_PNPM ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length > 0 ? words : ['pnpm'];
}

/**
 * Runs a command with inherited stdio and resolves with its exit code (never rejects on failure).
 * A signal death counts as 128 + signal number, like a shell.
 * @param {string[]} argv
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<number>}
 */
export function run(argv, { cwd, env = process.env } = {}) {
  const [command, ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

/**
 * Like run(), but throws when the command fails, naming it.
 * @param {string[]} argv
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export async function runOrThrow(argv, options) {
  const code = await run(argv, options);
  if (code !== 0) throw new Error(`\`${argv.join(' ')}\` exited with ${code}`);
}

/**
 * Runs a command quietly and returns its trimmed stdout, or null when it cannot run or fails.
 * @param {string[]} argv
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function capture(argv, { cwd, env = process.env } = {}) {
  const [command, ...args] = argv;
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** @param {number | null} code @param {NodeJS.Signals | null} signal */
export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  const signals = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return 128 + (signal ? (signals[signal] ?? 1) : 1);
}

/** Seconds since `start` (a performance.now() value), one decimal. */
export const secondsSince = (start) => `${((performance.now() - start) / 1000).toFixed(1)}s`;

/** A copy of `env` with `names` removed. */
export function envWithout(env, ...names) {
  const copy = { ...env };
  for (const name of names) delete copy[name];
  return copy;
}
