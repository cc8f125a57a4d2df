/**
 * The admin console: `pnpm --filter api-server admin <command>` (after `npm run build`; `admin:dev`
 * runs the sources). It acts on the database the server uses and prints text or, with --json,
 * JSON; every action is recorded in admin_audit. Exit code 0 on success, 1 on a refusal, 2 on a
 * usage error. Where it runs the command:
 * - PostgreSQL (DATABASE_URL): it connects itself, as many processes may.
 * - PGlite (DATA_DIR), a server running on it: the server's admin channel (`<DATA_DIR>/admin.sock`)
 *   runs the command in the server's process and the console prints its answer.
 * - PGlite, no server: it opens the folder itself. If another process holds the folder without
 *   answering on the socket, it refuses: PGlite serves one process.
 * Opening the database itself, it migrates it like a server start.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { DATA_DIR_LOCK_FILE, DataDirectoryInUseError } from '../plugins/external/data-dir-lock.js';
import type { Database } from '../plugins/external/db-schema.js';
import { createWebPush } from '../push/index.js';
import { migrateDatabase, openDatabase, pgliteDirectory } from '../plugins/external/db.js';
import { adminSocketPath, askAdminChannel } from './channel.js';
import { actorName, parseAdminArgs, runAdminCli, type AdminOutcome } from './command-line.js';
import { AdminError, createAdminConsole } from './index.js';

/** The --as of a command line (unreadable arguments: none; the server then answers the usage error). */
function requestedActor(argv: string[], env: NodeJS.ProcessEnv): string {
  let as: string | undefined;
  try {
    as = parseAdminArgs(argv).values.as;
  } catch {
    as = undefined;
  }
  return actorName(as, env);
}

/** The console's refusal when a process holds the PGlite folder and no channel answers. */
export function heldDirectoryMessage(err: DataDirectoryInUseError): string {
  const { dataDir, holder } = err;
  return (
    `The PGlite data directory ${dataDir} is held by process ${holder.pid} (${holder.program}) and nothing ` +
    `answers on ${adminSocketPath(dataDir)}: the console cannot act while another process has the ` +
    `database open. Run it as the user of that server, on the same DATA_DIR, or stop that process ` +
    `(if it is no longer the portal's, remove ${join(dataDir, DATA_DIR_LOCK_FILE)}).`
  );
}

/** One console run: forwarded to the running server, or against the database opened here. */
export async function runConsole(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<AdminOutcome> {
  const config = loadConfig(env);
  const dataDir = pgliteDirectory(config.database);
  if (dataDir) {
    const forwarded = await askAdminChannel(adminSocketPath(dataDir), { argv, actor: requestedActor(argv, env) });
    if (forwarded) return forwarded;
  }
  let db: Kysely<Database> | undefined;
  try {
    return await runAdminCli(argv, async (as) => {
      try {
        db = await openDatabase(config.database, config.timeouts);
      } catch (err) {
        if (err instanceof DataDirectoryInUseError) throw new AdminError(heldDirectoryMessage(err));
        throw err;
      }
      // As at server start (idempotent): the console works on any database the server would open.
      await migrateDatabase(db);
      // Push from this process, with the server's settings and (in development) its generated keys.
      const push = createWebPush({ db, settings: config.push, production: config.production, now: () => new Date() });
      return createAdminConsole({ db, actor: actorName(as, env), now: () => new Date(), push });
    });
  } finally {
    await db?.destroy();
  }
}

async function main() {
  const { exitCode, stdout, stderr } = await runConsole(process.argv.slice(2));
  if (stdout) console.log(stdout);
  if (stderr) console.error(stderr);
  process.exitCode = exitCode;
}

// Run as a script (not when a test imports the CLI's functions).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
