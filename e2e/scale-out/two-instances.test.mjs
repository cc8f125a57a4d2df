// Two real API server processes (openapi/server/dist) on one PostgreSQL database behind nginx, as
// a load-balanced deployment runs them. Run by the `scale-out` step of .ci/test.mjs, which only
// runs with DATABASE_URL (an admin connection: this journey creates and drops its own database)
// and after the build step wrote openapi/server/dist:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --test e2e/scale-out/two-instances.test.mjs
//
// Shown here, through the proxy or at one instance directly:
// - the login limit holds across both instances (parallel wrong passwords, both answering);
// - a checkout started on A, paid at the sandbox through B, notified to A, is confirmed on B;
// - A is killed (SIGKILL) in the middle of processing that payment notification, with an e-mail
//   still queued: B delivers both, once, and the proxy keeps answering.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_DIR = path.join(REPO_ROOT, 'openapi', 'server');
const SERVER_ENTRY = path.join(SERVER_DIR, 'dist', 'server.js');
const pg = createRequire(path.join(SERVER_DIR, 'package.json'))('pg');

const DEMO = { email: 'demo@pod.local', password: 'Demo#2026pass' };
const PUBLISHER = { email: 'publisher@pod.local', password: 'Demo#2026pass' };
/** The server's default per-account limit of failed logins (src/config.ts DEFAULT_RATE_LIMITS). */
const LOGIN_FAILURES_PER_EMAIL = 10;
/** Short, so that B takes over what the killed A had claimed within the journey. */
const LEASE_MS = 3000;

/** nginx on PATH, else Debian's /usr/sbin/nginx (.ci/run installs the package where missing). */
function findNginx() {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

async function waitFor(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A minimal SMTP server: with `answer` false it accepts connections and never greets (a mail
 * server that hangs, to catch an instance in the middle of sending); else it records each mail.
 */
async function smtpServer({ answer }) {
  const mails = [];
  const connections = [];
  const server = net.createServer((socket) => {
    connections.push(socket);
    if (!answer) return;
    let buffer = '';
    let inData = false;
    let mail = { to: [], data: '' };
    socket.write('220 scale-out.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 scale-out.test\r\n');
        else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `smtp://127.0.0.1:${server.address().port}`,
    mails,
    connections,
    close() {
      for (const socket of connections) socket.destroy();
      server.close();
    },
  };
}

/** An HTTP server that records requests and never answers (a payment provider that hangs). */
async function hangingHttpServer() {
  const requests = [];
  const server = http.createServer((request) => requests.push(request.url));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** One API server process. */
function startInstance(name, port, env) {
  const output = [];
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()));
  const exited = once(child, 'exit');
  return {
    name,
    origin: `http://127.0.0.1:${port}`,
    child,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

async function ready(instance) {
  await waitFor(
    `${instance.name} to be ready`,
    async () => {
      if (instance.child.exitCode !== null) {
        throw new Error(`${instance.name} exited (${instance.child.exitCode}): ${instance.output.join('')}`);
      }
      const response = await fetch(`${instance.origin}/readyz`);
      return response.ok;
    },
    120_000,
  ).catch((err) => {
    throw new Error(`${err.message}\n${instance.output.join('')}`);
  });
}

/**
 * nginx in the foreground with a config of our own in `dir`. Round robin over both instances;
 * an instance that refuses the connection is skipped (proxy_next_upstream error; non_idempotent
 * too, since a refused connection means the request never reached it). The PayFast notify path
 * prefers A (B is its backup), so the journey knows which instance receives the notification it
 * then kills; every response names the instance that answered (X-Upstream).
 */
async function startNginx(executable, dir, port, a, b) {
  const upstream = (instance) => `server ${new URL(instance.origin).host} max_fails=1 fail_timeout=30s;`;
  for (const sub of ['logs', 'tmp']) mkdirSync(path.join(dir, sub), { recursive: true });
  const config = `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
error_log ${dir}/logs/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream api { ${upstream(a)} ${upstream(b)} }
  upstream notify { ${upstream(a)} ${upstream(b).replace(';', ' backup;')} }
  server {
    listen 127.0.0.1:${port};
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout non_idempotent;
    add_header X-Upstream $upstream_addr always;
    location = /api/v1/payment/payfast/notify { proxy_pass http://notify; }
    location / { proxy_pass http://api; }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const output = [];
  const child = spawn(executable, ['-p', dir, '-c', file, '-e', `${dir}/logs/error.log`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()));
  const exited = once(child, 'exit');
  const origin = `http://127.0.0.1:${port}`;
  await waitFor('nginx', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output.join('')}`);
    return (await fetch(`${origin}/healthz`)).status < 500;
  }).catch((err) => {
    throw new Error(`${err.message}\n${output.join('')}`);
  });
  return {
    origin,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function api(origin, method, route, { token, body } = {}) {
  const response = await fetch(`${origin}/api/v1${route}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, upstream: response.headers.get('x-upstream'), text, json: () => JSON.parse(text) };
}

async function signIn(origin, account) {
  const response = await api(origin, 'POST', '/authO/login', { body: account });
  assert.equal(response.status, 200, response.text);
  return response.json().accessToken;
}

describe('two API instances behind nginx on one PostgreSQL', { timeout: 240_000 }, () => {
  const adminUrl = process.env.DATABASE_URL;
  const nginxExecutable = findNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'pod-scale-out-'));
  const database = `pod_scale_${process.pid}_${Date.now()}`;
  const resources = [];
  /** @type {ReturnType<typeof startInstance>} */ let a;
  /** @type {ReturnType<typeof startInstance>} */ let b;
  let proxy;
  let delivering;
  let hangingSmtp;
  let hangingProvider;

  async function admin(statement) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  before(async () => {
    // Refused rather than skipped: the step that runs this file runs only where both exist.
    assert.ok(adminUrl, 'DATABASE_URL must name a PostgreSQL admin connection');
    assert.ok(nginxExecutable, 'nginx is not installed (Debian package nginx; .ci/run installs it)');
    assert.ok(existsSync(SERVER_ENTRY), `${SERVER_ENTRY} is missing: build the server first`);
    await admin(`CREATE DATABASE "${database}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;

    delivering = await smtpServer({ answer: true });
    hangingSmtp = await smtpServer({ answer: false });
    hangingProvider = await hangingHttpServer();
    resources.push(delivering, hangingSmtp, hangingProvider);
    const staticRoot = path.join(dir, 'public');
    mkdirSync(staticRoot);
    writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><title>portal</title>');

    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const common = {
      DATABASE_URL: url.toString(),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      STATIC_ROOT: staticRoot,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      JWT_SECRET: 'scale-out-journey-secret-0123456789abcdef',
      JOBS_LEASE_MS: String(LEASE_MS),
      PAYFAST_ALLOWED_SOURCES: '127.0.0.1',
    };
    // A: its mail server and its PayFast validation hang, so a job it claims stays in progress
    // until it is killed. B: the real ones. Neither worker polls in the journey's time: each
    // runs when its own process enqueues (an enqueue wakes its worker at once), so A never takes
    // a job of B's (the sign-in notice: A would hang on it and never reach the notification),
    // and B never takes one of A's before A; the journey wakes B with a request of its own.
    a = startInstance('A', portA, {
      ...common,
      JOBS_POLL_MS: '600000',
      SMTP_URL: hangingSmtp.url,
      PAYFAST_VALIDATE_URL: `${hangingProvider.url}/eng/query/validate`,
    });
    resources.push(a);
    await ready(a); // A migrates and seeds the demo accounts first; B finds them.
    b = startInstance('B', portB, { ...common, SMTP_URL: delivering.url, JOBS_POLL_MS: '600000' });
    resources.push(b);
    await ready(b);
    proxy = await startNginx(nginxExecutable, path.join(dir, 'nginx'), proxyPort, a, b);
    resources.push(proxy);
  });

  after(async () => {
    for (const resource of resources.reverse()) await Promise.resolve(resource.stop?.() ?? resource.close?.());
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds the login limit across both instances behind the proxy', async () => {
    const attempts = LOGIN_FAILURES_PER_EMAIL * 3;
    const responses = await Promise.all(
      Array.from({ length: attempts }, () =>
        api(proxy.origin, 'POST', '/authO/login', { body: { email: PUBLISHER.email, password: 'Wrong#Pass1' } }),
      ),
    );
    const counts = {};
    for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
    assert.deepEqual(counts, { 401: LOGIN_FAILURES_PER_EMAIL, 429: attempts - LOGIN_FAILURES_PER_EMAIL });
    const answered = new Set(responses.map((response) => response.upstream));
    assert.deepEqual([...answered].sort(), [new URL(a.origin).host, new URL(b.origin).host].sort());
  });

  it('confirms on B a checkout started on A; A killed mid-notification loses no notification or e-mail', async () => {
    // Signed in on B: the sign-in notice this sends is B's to mail, keeping A's worker free.
    const token = await signIn(b.origin, DEMO);
    await waitFor('B to mail the sign-in notice', async () =>
      delivering.mails.some((mail) => mail.to.includes(DEMO.email)),
    );
    // Started on A: the demo cart's shortfall, by EFT at the PayFast sandbox.
    const info = (await api(a.origin, 'GET', '/user/viewuserinfo', { token })).json();
    const bookIds = info.result.cart.map((item) => item.book_id).filter((id) => id !== null);
    assert.ok(bookIds.length > 0, 'the demo cart holds books');
    const started = await api(a.origin, 'POST', '/user/createtransaction', {
      token,
      body: {
        transaction_ref: `SCALE-${Date.now()}`,
        user_book_id: bookIds,
        user_international_book_id: [],
        amount: 1,
        provider: 'eft',
      },
    });
    assert.equal(started.status, 201, started.text);
    const { payment } = started.json();

    // The buyer's browser shows the sandbox page from A and presses Pay on B.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const page = await fetch(`${a.origin}${new URL(payment.action).pathname}`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams(payment.fields).toString(),
    });
    const html = await page.text();
    assert.equal(page.status, 200, html);
    const id = /name="id" value="([^"]+)"/.exec(html)?.[1];
    assert.ok(id, 'the sandbox page carries the payment id');
    const paid = await fetch(`${b.origin}/sandbox/payfast/eng/process/complete`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ id, decision: 'pay' }).toString(),
      redirect: 'manual',
    });
    assert.equal(paid.status, 303, await paid.text());
    const back = new URL(paid.headers.get('location'));

    // B's sandbox posted the notification through the proxy to A, which stored it, answered,
    // and began processing it: its validation call is now hanging at the provider.
    await waitFor('A to validate the notification', async () => hangingProvider.requests.length > 0);
    // And a password-reset e-mail queued on A, behind the notification in A's worker.
    const reset = await api(a.origin, 'PUT', `/user/forgotpwd/${encodeURIComponent(DEMO.email)}`);
    assert.ok(reset.status < 300, reset.text);
    a.child.kill('SIGKILL');
    await a.exited;

    // Through the proxy, B answers alone now.
    const alive = await api(proxy.origin, 'GET', '/user/viewuserinfo', { token });
    assert.equal(alive.status, 200, alive.text);
    assert.equal(alive.upstream?.split(', ').at(-1), new URL(b.origin).host);

    // Once A's lease on the notification has run out, a job enqueued on B wakes B's worker,
    // which runs everything due: A's notification, A's e-mail and its own.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));
    const wake = await api(b.origin, 'PUT', `/user/forgotpwd/${encodeURIComponent(PUBLISHER.email)}`);
    assert.ok(wake.status < 300, wake.text);

    const confirmed = await waitFor('the payment to be credited', async () => {
      const response = await api(b.origin, 'POST', '/user/checkoutsuccess', {
        token,
        body: { reference: back.searchParams.get('tref'), token: back.searchParams.get('token') },
      });
      const result = response.status === 200 ? response.json().result : undefined;
      return result?.status === 'complete' ? result : undefined;
    });
    assert.equal(confirmed.cart_paid, true);
    const cart = (await api(b.origin, 'GET', '/user/viewuserinfo', { token })).json().result.cart;
    assert.equal(cart.length, 0);

    const resets = () => delivering.mails.filter((mail) => mail.data.includes('/reset-password'));
    await waitFor('both reset e-mails', async () => resets().length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const recipients = resets()
      .flatMap((mail) => mail.to)
      .sort();
    assert.deepEqual(recipients, [DEMO.email, PUBLISHER.email].sort());
    // A never got as far as its mail server: the e-mail it queued was B's to send.
    assert.equal(hangingSmtp.connections.length, 0);
  });
});
