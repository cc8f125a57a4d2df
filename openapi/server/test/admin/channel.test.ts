import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { adminSocketPath, MAX_REQUEST_BYTES, parseChannelRequest } from '../../src/admin/channel.js';
import { runConsole } from '../../src/admin/cli.js';
import { ADMIN_HELP } from '../../src/admin/command-line.js';
import { REQUEST_APPROVED_CHAT } from '../../src/admin/requests.js';
import { DATA_DIR_LOCK_FILE, DataDirectoryInUseError } from '../../src/plugins/external/data-dir-lock.js';
import { openDatabase } from '../../src/plugins/external/db.js';
import {
  bearer,
  createClock,
  createTestUploadDir,
  registerActiveUser,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
} from '../helpers/test-app.js';
import { UPDATE_REQUEST } from '../helpers/update-request-body.js';

/** An app on PGlite in `dataDir` (whatever DATABASE_URL says: the channel exists for PGlite only). */
async function buildPgliteApp(dataDir: string, now: () => Date) {
  const uploads = createTestUploadDir();
  const app = await buildApp({
    specPath,
    database: { dataDir },
    config: {
      jwtSecret: TEST_JWT_SECRET,
      jobs: TEST_JOBS,
      now,
      uploads: { dir: uploads.dir, abandonHours: 48, store: { kind: 'local' } },
    },
  });
  return { app, close: () => app.close().finally(() => uploads.remove()) };
}

/** Sends raw bytes on the socket; answers the parsed answer. */
function rawAsk(path: string, payload: string | Buffer): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(path, () => socket.end(payload));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    socket.on('error', (err) =>
      chunks.length > 0 ? resolve(JSON.parse(Buffer.concat(chunks).toString())) : reject(err),
    );
  });
}

/** A process that listened on `socketPath` and died without cleaning up (kill -9): its pid, now free. */
function crashedServer(socketPath: string): number {
  const child = spawnSync(process.execPath, [
    '-e',
    "require('node:net').createServer().listen(process.argv[1], () => process.kill(process.pid, 'SIGKILL'))",
    socketPath,
  ]);
  assert.equal(child.signal, 'SIGKILL');
  return child.pid;
}

describe('admin channel: the console acts on a running server on PGlite', () => {
  const clock = createClock();
  const root = mkdtempSync(join(tmpdir(), 'pod-admin-'));
  // Created by the server (not mkdtemp, which is 0700 anyway).
  const dataDir = join(root, 'db');
  const socketPath = adminSocketPath(dataDir);
  const lockPath = join(dataDir, DATA_DIR_LOCK_FILE);
  // The console's environment: this PGlite folder only (never the DATABASE_URL of a PostgreSQL run).
  const env = { DATA_DIR: dataDir, ADMIN_NAME: 'ops-on-duty' };
  let server: { app: FastifyInstance; close(): Promise<unknown> } | undefined;

  before(async () => {
    server = await buildPgliteApp(dataDir, clock.now);
  });
  after(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('listens on <DATA_DIR>/admin.sock, mode 0600, and locks the folder with its pid', () => {
    assert.equal(server!.app.adminChannel, socketPath);
    const stat = lstatSync(socketPath);
    assert.ok(stat.isSocket());
    assert.equal(stat.mode & 0o777, 0o600);
    assert.equal(lstatSync(dataDir).mode & 0o777, 0o700);
    assert.equal(readFileSync(lockPath, 'utf8').split('\n')[0], String(process.pid));
  });

  it('approves an update request through the socket; the audit row names the actor', async () => {
    const { app } = server!;
    const author = await registerActiveUser(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/requestchange',
      headers: bearer(author.accessToken),
      payload: UPDATE_REQUEST(author.email),
    });
    assert.equal(put.statusCode, 200, put.body);

    const listed = await runConsole(['--json', 'requests', 'list'], env);
    assert.equal(listed.exitCode, 0, listed.stderr);
    assert.deepEqual(
      JSON.parse(listed.stdout).map((r: { userId: number }) => r.userId),
      [author.id],
    );
    const approved = await runConsole(['requests', 'approve', author.email, '--as', 'Nomsa'], env);
    assert.equal(approved.exitCode, 0, approved.stderr);
    assert.match(approved.stdout, /^userId: \d+\nchanged: \["name_first","name_last","phone_main",/);
    assert.match(approved.stdout, /^userStatus: 1$/m);

    assert.equal((await app.userRepository.findById(author.id))!.name_first, 'Sipho');
    assert.equal((await runConsole(['requests', 'list'], env)).stdout, '(none)');
    const chat = await app.inject({
      method: 'GET',
      url: '/api/v1/chat/user/getchat',
      headers: bearer(author.accessToken),
    });
    assert.deepEqual(
      chat.json<Array<{ message: string }>>().map((m) => m.message),
      [REQUEST_APPROVED_CHAT],
    );
    const audit = await runConsole(['--json', 'audit', '--user', String(author.id)], env);
    const rows = JSON.parse(audit.stdout) as Array<{ actor: string; action: string; created_at: string }>;
    assert.deepEqual(
      rows.map((row) => [row.actor, row.action]),
      [['Nomsa', 'requests.approve']],
    );
    // The server's clock, not the console's: the command ran in the server's process.
    assert.equal(rows[0]!.created_at, clock.now().toISOString());
  });

  it('replies in a chat through the socket, as the ADMIN_NAME actor', async () => {
    const { app } = server!;
    const author = await registerActiveUser(app);
    const reply = await runConsole(['chat', 'reply', author.email, 'Your', 'proof', 'is', 'ready.'], env);
    assert.equal(reply.exitCode, 0, reply.stderr);
    const chat = await app.inject({
      method: 'GET',
      url: '/api/v1/chat/user/getchat',
      headers: bearer(author.accessToken),
    });
    assert.deepEqual(
      chat.json<Array<{ source: string; message: string }>>().map((m) => [m.source, m.message]),
      [['admin', 'Your proof is ready.']],
    );
    const [latest] = await app.db.selectFrom('admin_audit').selectAll().orderBy('id', 'desc').limit(1).execute();
    assert.deepEqual([latest?.actor, latest?.action, latest?.user_id], ['ops-on-duty', 'chat.reply', author.id]);
  });

  it('relays exit codes 0, 1 and 2 with their output', async () => {
    assert.deepEqual(await runConsole(['help'], env), { exitCode: 0, stdout: ADMIN_HELP, stderr: '' });
    assert.deepEqual(await runConsole(['requests', 'approve', 'nobody@example.test'], env), {
      exitCode: 1,
      stdout: '',
      stderr: 'error: No user "nobody@example.test" (give an id or an e-mail address)',
    });
    const json = await runConsole(['book', 'show', 'x', '--json'], env);
    assert.equal(json.exitCode, 1);
    assert.deepEqual(JSON.parse(json.stderr), { error: 'The book id must be a positive whole number, got "x"' });
    const usage = await runConsole(['frobnicate'], env);
    assert.equal(usage.exitCode, 2);
    assert.equal(usage.stderr, `Unknown command: frobnicate\n\n${ADMIN_HELP}`);
    assert.equal((await runConsole(['requests', 'list', '--bogus'], env)).exitCode, 2);
  });

  it('refuses, naming the holder, when a live process holds the folder and no socket answers', async () => {
    const moved = join(dataDir, 'moved.sock');
    renameSync(socketPath, moved);
    try {
      const text = await runConsole(['requests', 'list'], env);
      assert.equal(text.exitCode, 1);
      assert.match(
        text.stderr,
        /^error: The PGlite data directory .+ is held by process (\d+) \(.+\) and nothing answers on /,
      );
      assert.ok(text.stderr.includes(`process ${process.pid} `));
      assert.ok(text.stderr.includes(socketPath) && text.stderr.includes(lockPath));
      const json = await runConsole(['--json', 'requests', 'list'], env);
      assert.equal(json.exitCode, 1);
      assert.match(JSON.parse(json.stderr).error, /is held by process/);
      // Help needs no database, so it still answers.
      assert.equal((await runConsole(['help'], env)).exitCode, 0);
      // And any other opener (a second server, the reconciliation report) is refused alike.
      await assert.rejects(openDatabase({ dataDir }), DataDirectoryInUseError);
    } finally {
      renameSync(moved, socketPath);
    }
    assert.equal((await runConsole(['requests', 'list'], env)).exitCode, 0);
  });

  it('answers malformed and oversized requests with an error (exit code 2), running nothing', async () => {
    const cases: Array<[string | Buffer, RegExp]> = [
      ['not json\n', /^error: the request is not JSON/],
      ['[]\n', /^error: a request is one JSON object/],
      ['{"argv":"requests list","actor":"x"}\n', /^error: argv must be an array of strings/],
      ['{"argv":["help"],"actor":"  "}\n', /^error: actor must be a name of 1 to 100 characters/],
      ['{"argv":["help"],"actor":"x","as":"root"}\n', /^error: unknown fields as/],
      ['', /^error: the request is not JSON/],
      [Buffer.alloc(MAX_REQUEST_BYTES + 1024, 'a'), /^error: the request is larger than 65536 bytes$/],
    ];
    for (const [payload, expected] of cases) {
      const answer = await rawAsk(socketPath, payload);
      assert.equal(answer.exitCode, 2, String(payload).slice(0, 40));
      assert.match(answer.stderr, expected);
      assert.equal(answer.stdout, '');
    }
    // A well-formed line runs (one request per connection; a newline ends it, without a half-close too).
    const ok = await rawAsk(socketPath, `${JSON.stringify({ argv: ['requests', 'list'], actor: 'raw' })}\n`);
    assert.equal(ok.exitCode, 0, ok.stderr);
  });

  it('checks requests: argv strings, an actor without control characters, nothing else', () => {
    assert.deepEqual(parseChannelRequest('{"argv":["audit"],"actor":" Nomsa "}'), {
      request: { argv: ['audit'], actor: 'Nomsa' },
    });
    assert.ok('error' in parseChannelRequest('{"argv":[1],"actor":"x"}'));
    assert.ok('error' in parseChannelRequest('{"argv":[],"actor":"a\\nb"}'));
    assert.ok('error' in parseChannelRequest(`{"argv":[],"actor":"${'x'.repeat(101)}"}`));
    assert.ok('error' in parseChannelRequest(JSON.stringify({ argv: Array(201).fill('x'), actor: 'x' })));
  });

  it('removes the socket and the lock on close; a crashed run leaves both stale, and they are replaced', async () => {
    await server!.close();
    server = undefined;
    assert.ok(!existsSync(socketPath));
    assert.ok(!existsSync(lockPath));

    // kill -9: the socket file stays, nobody listens, and the lock names a pid that is gone.
    const pid = crashedServer(socketPath);
    assert.ok(lstatSync(socketPath).isSocket());
    writeFileSync(lockPath, `${pid}\nserver.js\n`);

    // No server: the console opens the folder itself (it takes the lock, then gives it back).
    const alone = await runConsole(['--json', 'requests', 'list'], env);
    assert.equal(alone.exitCode, 0, alone.stderr);
    assert.ok(!existsSync(lockPath));

    writeFileSync(lockPath, `${pid}\nserver.js\n`);
    const staleInode = lstatSync(socketPath).ino;
    server = await buildPgliteApp(dataDir, clock.now);
    assert.notEqual(lstatSync(socketPath).ino, staleInode);
    assert.equal(lstatSync(socketPath).mode & 0o777, 0o600);
    assert.equal(readFileSync(lockPath, 'utf8').split('\n')[0], String(process.pid));
    const through = await runConsole(['audit', '--limit', '1'], env);
    assert.equal(through.exitCode, 0, through.stderr);
    assert.match(through.stdout, /actor=ops-on-duty {2}action=requests\.list/);
  });
});
