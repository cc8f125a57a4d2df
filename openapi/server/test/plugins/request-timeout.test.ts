import assert from 'node:assert/strict';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_TIMEOUTS, loadTimeoutSettings } from '../../src/timeouts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** Client sockets still open; destroyed after the tests, so a server that never cuts them cannot hang close(). */
const open = new Set<Socket>();

/**
 * Sends `head` (and the start of a body) on a raw socket, then nothing more; resolves with what
 * the server wrote before it closed the socket.
 */
function trickle(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(head);
  });
}

describe('request timeout (a client that trickles its request)', () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    t = await buildTestApp({ config: { timeouts: { ...DEFAULT_TIMEOUTS, requestTimeoutMs: 300 } } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(async () => {
    for (const socket of open) socket.destroy();
    await t.close();
  });

  // The test runner's timeout only turns a hang (no request timeout at all) into a failure.
  it('cuts a request whose body never finishes: 408, then the socket closes', { timeout: 20_000 }, async () => {
    const answer = await trickle(
      port,
      'POST /api/v1/authO/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"a',
    );
    assert.match(answer, /^HTTP\/1\.1 408 /);
  });

  it('cuts a request whose headers never finish', { timeout: 20_000 }, async () => {
    const answer = await trickle(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    assert.match(answer, /^HTTP\/1\.1 408 /);
  });

  it('still answers a request that arrives whole', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(response.status, 200);
  });
});

describe('timeout settings', () => {
  it('default to bounded values and read the environment', () => {
    const defaults = loadTimeoutSettings({});
    for (const [name, value] of Object.entries(defaults)) assert.ok(value > 0, name);
    assert.equal(defaults.requestTimeoutMs, 30_000);
    // Upload pieces are at most 1,024,000 bytes: the body limit must let them through.
    assert.ok(defaults.bodyLimitBytes >= 1_024_000);
    const set = loadTimeoutSettings({
      REQUEST_TIMEOUT_MS: '5000',
      DB_STATEMENT_TIMEOUT_MS: '1000',
      BODY_LIMIT_BYTES: '2048',
    });
    assert.equal(set.requestTimeoutMs, 5000);
    assert.equal(set.dbStatementTimeoutMs, 1000);
    assert.equal(set.bodyLimitBytes, 2048);
    assert.throws(() => loadTimeoutSettings({ DB_QUERY_TIMEOUT_MS: '0' }), /DB_QUERY_TIMEOUT_MS/);
    assert.throws(() => loadTimeoutSettings({ REQUEST_TIMEOUT_MS: 'soon' }), /REQUEST_TIMEOUT_MS/);
  });
});
