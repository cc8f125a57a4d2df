import { chmod, lstat, mkdtemp, rename, rm, unlink } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  adminSocketPath,
  MAX_REQUEST_BYTES,
  MAX_SOCKET_PATH_BYTES,
  parseChannelRequest,
  type AdminChannelRequest,
} from './channel.js';
import { parseAdminArgs, runAdminCli, type AdminOutcome } from './command-line.js';
import { createAdminConsole } from './index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin console's socket while this process holds a PGlite folder, else null. */
    adminChannel: string | null;
  }
}

export interface AdminChannelOptions {
  /** The PGlite folder this app holds; null: no channel (PostgreSQL, memory://, a borrowed db). */
  dataDir: string | null;
  /** How long a connection may take to send its request (default 10 s). */
  requestTimeoutMs?: number;
}

/**
 * Listens on `path` without a moment of looser permissions: bound inside a fresh folder only
 * this user may enter (mkdtemp, 0700), made 0600, then renamed into place, which also replaces
 * the stale socket of a server that crashed. Answers the socket's inode (to remove only our own).
 */
async function listenPrivately(server: Server, dataDir: string, path: string): Promise<number> {
  const existing = await lstat(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing && !existing.isSocket()) throw new Error(`${path} exists and is not a socket`);
  // `.aXXXXXX/s` is no longer than `admin.sock`: the staged path fits wherever the final one does.
  const staging = await mkdtemp(join(dataDir, '.a'));
  try {
    const staged = join(staging, 's');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(staged, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(staged, 0o600);
    await rename(staged, path);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return (await lstat(path)).ino;
}

/** The request line (up to a newline or the client's end), or why there is none. */
function readRequest(socket: Socket): Promise<{ text: string } | { error: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: { text: string } | { error: string }) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onClose);
      // Whatever else the client sends is read and dropped, so it can read the answer.
      socket.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      const newline = chunk.indexOf(10);
      const part = newline === -1 ? chunk : chunk.subarray(0, newline);
      size += part.length;
      if (size > MAX_REQUEST_BYTES) return done({ error: `the request is larger than ${MAX_REQUEST_BYTES} bytes` });
      chunks.push(part);
      if (newline !== -1) done({ text: Buffer.concat(chunks).toString('utf8') });
    };
    const onEnd = () => done({ text: Buffer.concat(chunks).toString('utf8') });
    // Destroyed (timeout, reset) before a whole request came: nobody to answer.
    const onClose = () => done({ error: 'the connection closed before the request was complete' });
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onClose);
  });
}

const answer = (socket: Socket, outcome: AdminOutcome) => {
  if (!socket.destroyed) socket.end(`${JSON.stringify(outcome)}\n`);
};

/** Runs the request's command line as the console would, against this app's database. */
async function execute(app: FastifyInstance, { argv, actor }: AdminChannelRequest): Promise<AdminOutcome> {
  // Group and verb only: a chat reply's text is the user's business, not the log's.
  let command: string[] = [];
  try {
    command = parseAdminArgs(argv).positionals.slice(0, 2);
  } catch {
    // A usage error: runAdminCli answers it.
  }
  app.log.info({ actor, command: command.join(' ') }, 'admin console command');
  try {
    // `--as` was resolved by the console into `actor`; the audit rows carry it.
    return await runAdminCli(argv, async () =>
      createAdminConsole({ db: app.db, actor, now: () => app.config.now(), push: app.webPush }),
    );
  } catch (err) {
    app.log.error({ err, actor, command: command.join(' ') }, 'admin console command failed');
    return { exitCode: 1, stdout: '', stderr: `error: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * The admin channel (see channel.ts): a Unix socket `admin.sock` in the PGlite folder this app
 * holds, so the console acts on the running portal with the server's own database. Closed and
 * removed with the app, after the commands in flight have answered.
 */
export default fp<AdminChannelOptions>(
  async (app, { dataDir, requestTimeoutMs = 10_000 }) => {
    const path = dataDir ? adminSocketPath(dataDir) : null;
    if (!dataDir || !path) return void app.decorate('adminChannel', null);
    if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
      app.log.warn(
        { path },
        `admin channel off: a Unix socket path holds at most ${MAX_SOCKET_PATH_BYTES} bytes; use a shorter DATA_DIR to act with the console while the server runs`,
      );
      return void app.decorate('adminChannel', null);
    }

    const connections = new Set<Socket>();
    const running = new Set<Promise<void>>();
    const serve = async (socket: Socket) => {
      socket.setTimeout(requestTimeoutMs, () => socket.destroy());
      socket.on('error', () => {}); // a client that went away: nothing to answer
      const received = await readRequest(socket);
      if ('error' in received) return answer(socket, { exitCode: 2, stdout: '', stderr: `error: ${received.error}` });
      const parsed = parseChannelRequest(received.text);
      if ('error' in parsed) return answer(socket, { exitCode: 2, stdout: '', stderr: `error: ${parsed.error}` });
      socket.setTimeout(0);
      answer(socket, await execute(app, parsed.request));
      socket.setTimeout(requestTimeoutMs, () => socket.destroy());
    };
    const server = createServer({ allowHalfOpen: true }, (socket) => {
      connections.add(socket);
      socket.on('close', () => connections.delete(socket));
      const work = serve(socket);
      running.add(work);
      void work.finally(() => running.delete(work));
    });
    server.maxConnections = 16;

    let inode: number;
    try {
      inode = await listenPrivately(server, dataDir, path);
    } catch (err) {
      server.close();
      app.log.warn({ err, path }, 'admin channel off: could not listen');
      return void app.decorate('adminChannel', null);
    }
    app.decorate('adminChannel', path);

    // preClose runs before every onClose hook: commands in flight still have the database.
    app.addHook('preClose', async () => {
      server.close();
      await Promise.allSettled([...running]);
      for (const socket of connections) socket.destroy();
      const current = await lstat(path).catch(() => null);
      if (current?.ino === inode) await unlink(path).catch(() => {});
    });
  },
  { name: 'admin-channel', dependencies: ['db'] },
);
