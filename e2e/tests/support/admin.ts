import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { REPO_ROOT } from './paths';

const run = promisify(execFile);

/** The admin console of the reference server, as built by `npm start` / the e2e build. */
const CONSOLE = path.join(REPO_ROOT, 'openapi', 'server', 'dist', 'admin', 'cli.js');

export interface ConsoleResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one admin console command against the `portal` server of the journeys, as an operator
 * would: the server runs on PGlite in POD_E2E_DATA_DIR (made by playwright.config.ts), so the
 * console reaches it through the server's admin socket in that directory. Acts `--as` 'e2e-admin'.
 */
export async function adminConsole(...args: string[]): Promise<ConsoleResult> {
  return adminConsoleOf('POD_E2E_DATA_DIR', ...args);
}

/**
 * The same against the server whose PGlite folder the variable names (playwright.config.ts):
 * `POD_E2E_DEPLOYMENTS_DATA_DIR` for the `deployments` server.
 */
export async function adminConsoleOf(dataDirVariable: string, ...args: string[]): Promise<ConsoleResult> {
  const dataDir = process.env[dataDirVariable];
  if (!dataDir) throw new Error(`${dataDirVariable} is not set: run the journeys through playwright.config.ts`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, [CONSOLE, '--as', 'e2e-admin', ...args], {
      cwd: REPO_ROOT,
      env,
      timeout: 30_000,
    });
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { exitCode: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs a console command that must succeed (exit code 0); answers its output. */
export async function adminConsoleOk(...args: string[]): Promise<string> {
  const result = await adminConsole(...args);
  expect(result.exitCode, `admin ${args.join(' ')}: ${result.stderr || result.stdout}`).toBe(0);
  return result.stdout;
}
