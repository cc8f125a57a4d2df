import { basename, join } from 'node:path';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';

/**
 * PGlite runs Postgres inside this process and takes no lock of its own (its postmaster.pid
 * names pid -42): two processes opening one data directory would both write to it and corrupt
 * it. So whoever opens a PGlite directory (the server, the admin console, the reconciliation
 * report) first writes its pid here, and a second process refuses while that one lives.
 */
export const DATA_DIR_LOCK_FILE = 'pglite.pid';

export interface DataDirHolder {
  pid: number;
  /** The holder's script (`server.js`, `cli.js`...), to name it in a refusal. */
  program: string;
}

/** The directory is open in another live process (or in another database of this one). */
export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by process ${holder.pid} (${holder.program}): ` +
        `one process at a time may open it. Stop that process first (if it is no longer the portal's, ` +
        `remove ${join(dataDir, DATA_DIR_LOCK_FILE)}).`,
    );
    this.name = 'DataDirectoryInUseError';
  }
}

/** Whether `pid` names a running process (EPERM: it runs, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const parse = (text: string): DataDirHolder | null => {
  const [pidLine, program] = text.split('\n');
  const pid = Number(pidLine);
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, program: program?.trim() || 'unknown' } : null;
};

/** The live process holding `dataDir`, or null (no lock file, or the holder is gone). */
export async function dataDirHolder(dataDir: string): Promise<DataDirHolder | null> {
  let text: string;
  try {
    text = await readFile(join(dataDir, DATA_DIR_LOCK_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const holder = parse(text);
  return holder && isAlive(holder.pid) ? holder : null;
}

/**
 * Takes `dataDir` for this process: writes `<pid>\n<script>` into its lock file (created
 * exclusively, mode 0600). A lock file of a process that is gone (a crash, a kill -9) is
 * replaced; one of a live process, this one included, is DataDirectoryInUseError. Answers the
 * release, which removes the file if it is still this lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  const content = `${process.pid}\n${basename(process.argv[1] ?? 'node')}\n`;
  // Written aside, then linked into place: the lock file appears whole or not at all.
  const draft = `${file}.${process.pid}`;
  await writeFile(draft, content, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await link(draft, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw err;
      }
      const holder = await dataDirHolder(dataDir);
      if (holder) throw new DataDirectoryInUseError(dataDir, holder);
      // Stale: its process is gone.
      await unlink(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    }
  } finally {
    await unlink(draft).catch(() => {});
  }
  return async () => {
    const current = await readFile(file, 'utf8').catch(() => null);
    if (current === content) await unlink(file).catch(() => {});
  };
}
