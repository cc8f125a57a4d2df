#!/usr/bin/env node
// `pnpm dev`: the API server in watch mode on 8081 and the five webpack dev servers
// (host on 8080, proxying /api to 8081; remotes on 3001-3004, set in each webpack config).
// Each process's output is prefixed with its name; Ctrl-C (or any process dying) stops them all.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { pnpmCommand } from './lib/proc.mjs';
import { REPO_ROOT, workspacePackages } from './lib/workspace.mjs';

const API_PORT = '8081';
const COLORS = [36, 33, 35, 32, 34, 91, 96];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/**
 * The processes to run: [name, argv, extra env].
 * @param {string[]} pnpm
 * @returns {Promise<{ name: string, argv: string[], env: Record<string, string> }[]>}
 */
export async function devProcesses(pnpm = pnpmCommand()) {
  const apps = (await workspacePackages(REPO_ROOT)).filter((dir) => dir === 'host' || dir.startsWith('remote-'));
  return [
    {
      name: 'api',
      // The server's `dev` script is `tsx watch src/server.ts`.
      argv: [...pnpm, '--filter', 'api-server', 'dev'],
      env: { PORT: API_PORT, NODE_ENV: 'development', SEED_DEMO: process.env.SEED_DEMO ?? '1' },
    },
    ...apps.map((dir) => ({ name: dir, argv: [...pnpm, '--filter', dir, 'dev'], env: {} })),
  ];
}

/** Prefixes every line of `stream` with `label` on `out`. */
function pipeWithPrefix(stream, label, out) {
  createInterface({ input: stream }).on('line', (line) => out.write(`${label} ${line}\n`));
}

async function main() {
  const specs = await devProcesses();
  const width = Math.max(...specs.map((s) => s.name.length));
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  let stopping = false;

  const stopAll = (reason, exitCode) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    console.log(`[dev] ${reason}: stopping all processes`);
    for (const child of children) {
      // Each child leads its own process group, so this reaches webpack/tsx under pnpm too.
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
      }
    }
    setTimeout(() => {
      for (const child of children) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      process.exit();
    }, 5000).unref();
  };

  specs.forEach((spec, index) => {
    const name = spec.name.padEnd(width);
    const label = useColor ? `\x1b[${COLORS[index % COLORS.length]}m[${name}]\x1b[0m` : `[${name}]`;
    const [command, ...args] = spec.argv;
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, FORCE_COLOR: useColor ? '1' : '0', ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    pipeWithPrefix(child.stdout, label, process.stdout);
    pipeWithPrefix(child.stderr, label, process.stderr);
    child.on('error', (error) => stopAll(`${spec.name} could not start (${error.message})`, 1));
    child.on('exit', (code, signal) => {
      console.log(`${label} exited (${signal ?? `code ${code}`})`);
      stopAll(`${spec.name} exited`, code === 0 ? 0 : 1);
      if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit();
    });
    console.log(`[dev] started ${spec.name}: ${spec.argv.join(' ')}`);
  });

  process.on('SIGINT', () => stopAll('Ctrl-C', 0));
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  console.log(`[dev] host http://localhost:8080/ (API on ${API_PORT}); Ctrl-C stops everything`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
