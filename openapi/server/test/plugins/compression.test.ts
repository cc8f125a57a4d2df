import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@pod/shared-contracts/constants';
import { COMPRESSION_THRESHOLD } from '../../src/plugins/external/compression.js';
import { IMMUTABLE, NO_CACHE } from '../../src/plugins/external/static-site.js';
import { bearer, buildTestApp, createClock, registerActiveUser, type TestApp } from '../helpers/test-app.js';

/** A script well above the threshold, as a build writes it: the file, its .br and its .gz. */
const SCRIPT = `/* host */ ${'console.log("first paint");\n'.repeat(200)}`;
const REMOTE_ENTRY = `var remote_library; ${'/* federation */ '.repeat(100)}`;
const INDEX = `<!doctype html><title>Print on Demand | Portal</title>${'<!-- shell -->'.repeat(100)}`;
const REMOTES = JSON.stringify({
  environment: 'local',
  pinning: true,
  remotes: { remote_library: { entry: '/remotes/remote-library/0.1.0/mf-manifest.json', version: '0.1.0' } },
});

/** Marks the precompressed files, so a test can tell them from on-the-fly compression. */
const BUILT_BR = Buffer.from('built br');

const FILES: Record<string, string | Buffer> = {
  'index.html': INDEX,
  'index.html.br': brotliCompressSync(INDEX),
  'index.html.gz': gzipSync(INDEX),
  'main.3f9a8b7c.js': SCRIPT,
  'main.3f9a8b7c.js.br': brotliCompressSync(SCRIPT),
  'main.3f9a8b7c.js.gz': gzipSync(SCRIPT),
  'environments/local/remotes.json': REMOTES,
  'remotes/remote-library/0.1.0/remoteEntry.js': REMOTE_ENTRY,
  'remotes/remote-library/0.1.0/remoteEntry.js.br': BUILT_BR,
  'remotes/remote-library/0.1.0/remoteEntry.js.gz': gzipSync(REMOTE_ENTRY),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

describe('compression', () => {
  let root: string;
  let t: TestApp;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'pod-compression-'));
    for (const [path, content] of Object.entries(FILES)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    // Office hours (createClock's Monday morning): the answer is the message alone, no auto-reply.
    t = await buildTestApp({ staticRoot: root, config: { now: createClock().now } });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: '*/*', ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }), ...extra },
    });

  describe('static files, precompressed at build time', () => {
    it('answers the .br file to a client accepting br, with the type and caching of the original', async () => {
      const response = await get('/main.3f9a8b7c.js', 'gzip, deflate, br');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], 'br');
      assert.match(String(response.headers['content-type']), /^(?:text|application)\/javascript/);
      assert.equal(response.headers['cache-control'], IMMUTABLE);
      assert.match(String(response.headers.vary), /accept-encoding/i);
      assert.equal(brotliDecompressSync(response.rawPayload).toString(), SCRIPT);
    });

    it('answers the built file itself, not an on-the-fly encoding, when it exists', async () => {
      const response = await get('/remotes/remote-library/0.1.0/remoteEntry.js', 'br');
      assert.equal(response.headers['content-encoding'], 'br');
      assert.deepEqual(response.rawPayload, BUILT_BR);
      assert.equal(response.headers['cache-control'], NO_CACHE);
    });

    it('answers the .gz file to a client accepting only gzip', async () => {
      const response = await get('/main.3f9a8b7c.js', 'gzip');
      assert.equal(response.headers['content-encoding'], 'gzip');
      assert.match(String(response.headers.vary), /accept-encoding/i);
      assert.equal(gunzipSync(response.rawPayload).toString(), SCRIPT);
    });

    it('answers the plain file to a client accepting neither, still varying on Accept-Encoding', async () => {
      for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const response = await get('/main.3f9a8b7c.js', acceptEncoding);
        assert.equal(response.statusCode, 200, acceptEncoding);
        assert.equal(response.headers['content-encoding'], undefined, acceptEncoding);
        assert.equal(response.body, SCRIPT, acceptEncoding);
        assert.equal(response.headers['cache-control'], IMMUTABLE, acceptEncoding);
        assert.match(String(response.headers.vary), /accept-encoding/i, acceptEncoding);
      }
    });

    it('gives each encoding its own ETag, so a revalidation never mixes them up', async () => {
      const br = await get('/main.3f9a8b7c.js', 'br');
      const plain = await get('/main.3f9a8b7c.js');
      assert.ok(br.headers.etag);
      assert.notEqual(br.headers.etag, plain.headers.etag);
      const revalidated = await get('/main.3f9a8b7c.js', 'br', { 'if-none-match': String(br.headers.etag) });
      assert.equal(revalidated.statusCode, 304);
      assert.equal(revalidated.rawPayload.length, 0);
    });

    it('compresses index.html for client routes (the SPA fallback) too', async () => {
      const response = await get('/books/12', 'br', { accept: 'text/html' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], 'br');
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.equal(response.headers['cache-control'], NO_CACHE);
      assert.equal(brotliDecompressSync(response.rawPayload).toString(), INDEX);
    });

    it('compresses /remotes.json, which deploys rewrite without compressed copies', async () => {
      const response = await get('/remotes.json', 'gzip, deflate, br');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], 'br');
      assert.match(String(response.headers['content-type']), /application\/json/);
      assert.equal(response.headers['cache-control'], NO_CACHE);
      assert.match(String(response.headers.vary), /accept-encoding/i);
      assert.deepEqual(JSON.parse(brotliDecompressSync(response.rawPayload).toString()), JSON.parse(REMOTES));
      assert.equal((await get('/remotes.json')).body, REMOTES);
    });
  });

  describe('API answers', () => {
    let token: string;
    before(async () => {
      token = (await registerActiveUser(t.app)).accessToken;
    });

    const api = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1${path}`,
        headers: { ...bearer(token), ...headers },
        ...(payload && { payload }),
      });

    /** A support message long enough that its answer (which echoes it) is above the threshold. */
    const longMessage = () => ({ message: `When will my book be printed?${' Thank you for the help.'.repeat(60)}` });

    it('compresses JSON above the threshold, br first, gzip for older clients', async () => {
      const plain = await api('POST', '/chat/user/sendmsg', {}, longMessage());
      assert.equal(plain.statusCode, 201, plain.body);
      assert.ok(plain.body.includes(longMessage().message));
      assert.ok(plain.rawPayload.length >= COMPRESSION_THRESHOLD, `the answer is ${plain.rawPayload.length} bytes`);
      assert.equal(plain.headers['content-encoding'], undefined);

      const br = await api('POST', '/chat/user/sendmsg', { 'accept-encoding': 'gzip, br' }, longMessage());
      assert.equal(br.statusCode, 201);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(String(br.headers['content-type']), /application\/json/);
      assert.equal(br.headers['cache-control'], 'no-store');
      assert.match(String(br.headers.vary), /accept-encoding/i);
      assert.ok(br.rawPayload.length < plain.rawPayload.length / 2);
      assert.equal(brotliDecompressSync(br.rawPayload).toString().includes(longMessage().message), true);

      const gzip = await api('POST', '/chat/user/sendmsg', { 'accept-encoding': 'gzip' }, longMessage());
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gzip.rawPayload).toString().includes(longMessage().message), true);
    });

    it('leaves JSON below the threshold as it is', async () => {
      const response = await api('GET', '/user/viewuserinfo', { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(response.statusCode, 200);
      assert.ok(
        response.rawPayload.length < COMPRESSION_THRESHOLD,
        `viewuserinfo is ${response.rawPayload.length} bytes`,
      );
      assert.equal(response.headers['content-encoding'], undefined);
      assert.ok(response.json());
    });

    it('keeps the uncompressed answer of an Idempotency-Key and compresses its replay', async () => {
      const key = randomUUID();
      const body = longMessage();
      const first = await api(
        'POST',
        '/chat/user/sendmsg',
        { 'accept-encoding': 'br', [IDEMPOTENCY_KEY_HEADER]: key },
        body,
      );
      assert.equal(first.headers['content-encoding'], 'br');
      const firstJson = brotliDecompressSync(first.rawPayload).toString();

      const plainReplay = await api('POST', '/chat/user/sendmsg', { [IDEMPOTENCY_KEY_HEADER]: key }, body);
      assert.equal(plainReplay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()], 'true');
      assert.equal(plainReplay.headers['content-encoding'], undefined);
      assert.equal(plainReplay.body, firstJson);

      const gzipReplay = await api(
        'POST',
        '/chat/user/sendmsg',
        { 'accept-encoding': 'gzip', [IDEMPOTENCY_KEY_HEADER]: key },
        body,
      );
      assert.equal(gzipReplay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()], 'true');
      assert.equal(gzipReplay.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gzipReplay.rawPayload).toString(), firstJson);
    });

    it('never decompresses a request body (the payment notification keeps its raw bytes)', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/edituser',
        headers: { ...bearer(token), 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipSync(JSON.stringify({ name_first: 'Thandi', name_last: 'Nkosi', phone_main: '0821234567' })),
      });
      assert.ok(response.statusCode >= 400 && response.statusCode < 500, String(response.statusCode));
    });
  });
});
