#!/usr/bin/env node
// Deploys, promotes or rolls back ONE remote in one environment of the static root. Run from the
// remote's folder through its package.json scripts:
//
//   pnpm --filter remote-checkout run deploy -- --env staging [--canary 10] [--no-build] [--dry-run]
//   pnpm --filter remote-checkout run promote -- --env staging
//   pnpm --filter remote-checkout run rollback -- --env staging [--to 0.1.0]
//
// (`pnpm deploy` is a pnpm built-in, hence `run`.) The rules live in lib/deploy.mjs.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DeployError, deployRemote, parseCanaryShare, promoteRemote, rollbackRemote } from './lib/deploy.mjs';
import { pnpmCommand, runOrThrow } from './lib/proc.mjs';
import { publicBaseUrl } from './lib/integrity.mjs';
import { defaultStaticRoot } from './lib/workspace.mjs';

export const USAGE = `usage (in a remote's folder):
  node ../.ci/deploy.mjs deploy   --env <name> [--canary <share>] [--static-root <dir>] [--no-build] [--allow-pinning] [--dry-run]
                                  [--public-url <url> [--publish-root <dir>]]
  node ../.ci/deploy.mjs promote  --env <name> [--static-root <dir>] [--allow-pinning] [--dry-run]
  node ../.ci/deploy.mjs rollback --env <name> [--to <version>] [--static-root <dir>] [--allow-pinning] [--dry-run]

  --env            environment: environments/<name>/remotes.json of the static root (required)
  --canary         deploy: give the new version to this share of browsers (1-99 %, each browser
                   keeps its side), the rest keep the current version; promote or rollback ends it
  --static-root    the static root (default: STATIC_ROOT, else <repo>/.data/public)
  --no-build       deploy the existing dist/ instead of building first
  --to             rollback: this published version instead of the previous one in history
                   (rollback without --to while a canary runs removes the canary)
  --allow-pinning  production only: let QA pin versions there (off by default)
  --dry-run        say what would happen; write nothing into the static root
  --public-url     the remote is served from another origin: the URL of the folder its versions are
                   published under (remotes.json then names <url>remotes/<dir>/<version>/mf-manifest.json);
                   the same on promote and rollback
  --publish-root   with --public-url: the local folder served at that URL (version folders go to
                   <dir>/remotes/<remote>/<version>/; remotes.json stays in the static root)`;

const COMMANDS = ['deploy', 'promote', 'rollback'];

const OPTIONS = {
  env: { type: 'string' },
  'static-root': { type: 'string' },
  'no-build': { type: 'boolean', default: false },
  to: { type: 'string' },
  canary: { type: 'string' },
  'allow-pinning': { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  'public-url': { type: 'string' },
  'publish-root': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
};

/**
 * Parses `deploy|promote|rollback [options]`. A bare `--` (what `pnpm run x -- ...` may pass on) is ignored.
 * @param {string[]} argv
 */
export function parseCommand(argv) {
  const words = argv.filter((word) => word !== '--');
  let parsed;
  try {
    parsed = parseArgs({ args: words, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new DeployError(`${/** @type {Error} */ (error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help', values };
  const [command, ...extra] = positionals;
  if (!COMMANDS.includes(command ?? '')) throw new DeployError(`deploy, promote or rollback?\n${USAGE}`);
  if (extra.length > 0) throw new DeployError(`unexpected argument ${extra[0]}\n${USAGE}`);
  if (!values.env) throw new DeployError(`--env <name> is required\n${USAGE}`);
  if (command === 'deploy' && values.to !== undefined) throw new DeployError('--to belongs to rollback');
  if (command !== 'deploy' && values['no-build'])
    throw new DeployError(`--no-build belongs to deploy (${command} never builds)`);
  if (command === 'promote' && values.to !== undefined) throw new DeployError('--to belongs to rollback');
  if (command !== 'deploy' && values.canary !== undefined) throw new DeployError('--canary belongs to deploy');
  const canary = values.canary === undefined ? undefined : parseCanaryShare(values.canary);
  if (values['publish-root'] !== undefined && values['public-url'] === undefined) {
    throw new DeployError('--publish-root needs --public-url (where that folder is served)');
  }
  let publicUrl;
  try {
    publicUrl = values['public-url'] === undefined ? undefined : publicBaseUrl(values['public-url']);
  } catch (caught) {
    throw new DeployError(/** @type {Error} */ (caught).message);
  }
  return { command, values, canary, publicUrl };
}

/**
 * Runs the command in `cwd` (the remote's folder) and resolves with the exit code.
 * @param {string[]} argv
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void,
 *   error?: (line: string) => void, build?: (packageDir: string) => Promise<void>, now?: () => Date }} [context]
 *   build: how to build the remote (default `pnpm run build` in its folder); tests inject a fake
 */
export async function main(
  argv,
  {
    cwd = process.cwd(),
    env = process.env,
    log = (line) => console.log(`[deploy] ${line}`),
    error = (line) => console.error(`[deploy] ${line}`),
    build = (packageDir) => runOrThrow([...pnpmCommand(env), 'run', 'build'], { cwd: packageDir, env }),
    now,
  } = {},
) {
  try {
    const { command, values, canary, publicUrl } = parseCommand(argv);
    if (command === 'help') {
      log(USAGE);
      return 0;
    }
    // pnpm runs the script in the remote's folder; a relative --static-root means where it was typed.
    const typedIn = env.INIT_CWD || cwd;
    const staticRoot = values['static-root']
      ? path.resolve(typedIn, values['static-root'])
      : path.resolve(typedIn, env.STATIC_ROOT || defaultStaticRoot());
    const common = {
      packageDir: cwd,
      staticRoot,
      // Where version folders go and are served (issue 19): the static root unless told otherwise.
      publication: {
        root: values['publish-root'] ? path.resolve(typedIn, values['publish-root']) : staticRoot,
        ...(publicUrl && { publicUrl }),
      },
      environment: /** @type {string} */ (values.env),
      allowPinning: values['allow-pinning'],
      dryRun: values['dry-run'],
      log,
      ...(now && { now }),
    };
    log(`${values['dry-run'] ? 'dry run: ' : ''}${command} ${path.basename(cwd)} to ${values.env} in ${staticRoot}`);
    const result =
      command === 'deploy'
        ? await deployRemote({ ...common, canary, ...(!values['no-build'] && { build }) })
        : command === 'promote'
          ? await promoteRemote(common)
          : await rollbackRemote({ ...common, to: values.to });
    log(
      `${values.env}/remotes.json ${values['dry-run'] ? 'would be' : 'is now'}:\n${JSON.stringify(result.config, null, 2)}`,
    );
    return 0;
  } catch (caught) {
    error(`FAILED: ${caught instanceof Error ? caught.message : String(caught)}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
