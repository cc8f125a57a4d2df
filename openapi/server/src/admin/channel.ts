import { connect } from 'node:net';
import { join } from 'node:path';
import type { AdminOutcome } from './command-line.js';

/**
 * The admin channel: how the console reaches a server that holds the PGlite data directory
 * (only one process may open it). The server listens on a Unix socket in that directory
 * (channel-server.ts); the console sends one request per connection, a line of JSON
 * `{ "argv": [...], "actor": "name" }`, half-closes, and reads one answer, the AdminOutcome
 * `{ "exitCode", "stdout", "stderr" }` as JSON. Never over TCP: who may connect is decided by
 * the file's permissions (0600, the server's user), like the data files beside it.
 */
export const ADMIN_SOCKET_NAME = 'admin.sock';

export const adminSocketPath = (dataDir: string) => join(dataDir, ADMIN_SOCKET_NAME);

/** A longer request is refused (a chat reply is at most 4000 characters). */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** Longest socket path the kernel keeps whole (sun_path: 108 bytes on Linux, 104 elsewhere, NUL included). */
export const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

/** The longest answer the console reads (a chat of 1000 messages of 4000 characters, as JSON). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** What the console sends: its arguments as typed and who acts (resolved on the console's side). */
export interface AdminChannelRequest {
  argv: string[];
  actor: string;
}

const MAX_ARGUMENTS = 200;
const SHAPE = 'a request is one JSON object { "argv": [strings], "actor": "name" }';

/** A request as received, checked: the request, or why it is refused. */
export function parseChannelRequest(text: string): { request: AdminChannelRequest } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: `the request is not JSON: ${SHAPE}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: SHAPE };
  const { argv, actor, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return { error: `unknown fields ${Object.keys(rest).join(', ')}: ${SHAPE}` };
  if (!Array.isArray(argv) || !argv.every((item) => typeof item === 'string')) {
    return { error: `argv must be an array of strings: ${SHAPE}` };
  }
  if (argv.length > MAX_ARGUMENTS) return { error: `at most ${MAX_ARGUMENTS} arguments` };
  // eslint-disable-next-line no-control-regex
  if (typeof actor !== 'string' || !/^[^\u0000-\u001f\u007f]{1,100}$/.test(actor.trim())) {
    return { error: 'actor must be a name of 1 to 100 characters without control characters' };
  }
  return { request: { argv: argv as string[], actor: actor.trim() } };
}

const failure = (message: string): AdminOutcome => ({ exitCode: 1, stdout: '', stderr: `error: ${message}` });

function parseAnswer(text: string): AdminOutcome | null {
  try {
    const answer = JSON.parse(text) as Partial<AdminOutcome>;
    if (
      (answer.exitCode === 0 || answer.exitCode === 1 || answer.exitCode === 2) &&
      typeof answer.stdout === 'string' &&
      typeof answer.stderr === 'string'
    ) {
      return { exitCode: answer.exitCode, stdout: answer.stdout, stderr: answer.stderr };
    }
  } catch {
    // Unreadable: reported below.
  }
  return null;
}

/**
 * Sends one command to the server listening on `socketPath`. Null when no server listens there
 * (no socket file, or a stale one of a server that is gone: the console may then open the
 * directory itself); otherwise the server's outcome, or exit code 1 saying what went wrong.
 */
export function askAdminChannel(
  socketPath: string,
  request: AdminChannelRequest,
  timeoutMs = 120_000,
): Promise<AdminOutcome | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let connected = false;
    const socket = connect(socketPath);
    const finish = (outcome: AdminOutcome | null) => {
      resolve(outcome);
      socket.destroy();
    };
    const answered = () => parseAnswer(Buffer.concat(chunks).toString('utf8'));
    socket.setTimeout(timeoutMs, () =>
      finish(failure(`the server did not answer on ${socketPath} within ${Math.round(timeoutMs / 1000)} s`)),
    );
    socket.on('connect', () => {
      connected = true;
      socket.end(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) finish(failure(`the answer on ${socketPath} is larger than 32 MiB`));
      else chunks.push(chunk);
    });
    socket.on('end', () => finish(answered() ?? failure(`the server answered something unreadable on ${socketPath}`)));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) return finish(null);
      if (err.code === 'EACCES') {
        return finish(failure(`permission denied on ${socketPath}: run the console as the user the server runs as`));
      }
      // The whole answer may have arrived before the connection broke.
      finish(answered() ?? failure(`the admin channel ${socketPath} failed: ${err.message}`));
    });
  });
}
