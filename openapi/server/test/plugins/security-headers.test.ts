import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, createClock, registerUser, type TestApp } from '../helpers/test-app.js';

const ORIGIN = 'http://portal.test';
const CDN = 'https://cdn.example.com';

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Portal</title>',
  'main.3f9a8b7c.js': 'console.log("host");',
  'main.3f9a8b7c.js.map': '{"version":3,"sources":["secret.ts"]}',
  'environments/local/remotes.json': JSON.stringify({
    environment: 'local',
    remotes: {
      remote_account: { entry: '/remotes/remote-account/1.0.0/mf-manifest.json', version: '1.0.0' },
      remote_library: { entry: `${CDN}/remote-library/1.0.0/mf-manifest.json`, version: '1.0.0' },
    },
  }),
  'remotes/remote-account/1.0.0/mf-manifest.json': '{}',
  'remotes/remote-account/1.0.0/mf-stats.json': '{"modules":[]}',
  'remotes/remote-account/1.0.0/remoteEntry.js': 'var remote_account;',
  'remotes/remote-account/1.0.0/main.0a1b2c3d.js': 'chunk',
  'remotes/remote-account/1.0.0/main.0a1b2c3d.js.map': '{"version":3}',
  'main.5e6f7a8b.css': 'body{margin:0}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'remotes/remote-wizard/1.0.0/src_features_uploads_md5_worker_ts.9a8b7c6d.js': 'onmessage = () => {};',
  'remotes/remote-wizard/1.0.0/assets/pdf.worker.min.1a2b3c4d.mjs': 'export {};',
};

/** The headers that only documents and workers use. */
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
  'referrer-policy',
];

/** Every header each answer must carry, whatever produced it. */
function assertBaseline(response: LightMyRequestResponse, label: string) {
  assert.equal(response.headers['x-content-type-options'], 'nosniff', label);
  assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', label);
  assert.match(
    String(response.headers['permissions-policy']),
    /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/,
    label,
  );
  assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin', label);
  assert.ok(response.headers['content-security-policy'], `${label}: content-security-policy`);
}

describe('security headers', () => {
  let root: string;
  let t: TestApp;
  const clock = createClock();

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'pod-headers-'));
    for (const [path, content] of Object.entries(FILES)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    t = await buildTestApp({ staticRoot: root, config: { publicUrl: ORIGIN, now: clock.now } });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = { accept: '*/*' }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sets the baseline on pages, worker scripts, SVG, API answers, 404s and errors', async () => {
    const answers = {
      page: await get('/', { accept: 'text/html' }),
      route: await get('/dashboard', { accept: 'text/html' }),
      serviceWorker: await get('/sw.js'),
      workerChunk: await get('/remotes/remote-wizard/1.0.0/src_features_uploads_md5_worker_ts.9a8b7c6d.js'),
      pdfWorker: await get('/remotes/remote-wizard/1.0.0/assets/pdf.worker.min.1a2b3c4d.mjs'),
      svg: await get('/favicon.svg'),
      missingFile: await get('/missing.4a5b6c7d.js'),
      api401: await get('/api/v1/user/viewuserinfo'),
      api404: await get('/api/v1/nothing-here'),
      api400: await t.app.inject({
        method: 'POST',
        url: '/api/v1/authO/login',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      }),
    };
    for (const [label, response] of Object.entries(answers)) assertBaseline(response, label);
    assert.equal(answers.page.statusCode, 200);
    for (const label of ['serviceWorker', 'workerChunk', 'pdfWorker', 'svg'] as const) {
      assert.equal(answers[label].statusCode, 200, label);
    }
    assert.equal(answers.missingFile.statusCode, 404);
    assert.equal(answers.api400.statusCode, 400);
  });

  it('sends scripts, styles and JSON files nosniff without the document headers', async () => {
    const answers = {
      script: await get('/main.3f9a8b7c.js'),
      remoteScript: await get('/remotes/remote-account/1.0.0/main.0a1b2c3d.js'),
      remoteEntry: await get('/remotes/remote-account/1.0.0/remoteEntry.js'),
      style: await get('/main.5e6f7a8b.css'),
      remotesJson: await get('/remotes.json'),
      manifest: await get('/remotes/remote-account/1.0.0/mf-manifest.json'),
    };
    for (const [label, response] of Object.entries(answers)) {
      assert.equal(response.statusCode, 200, label);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', label);
      for (const name of DOCUMENT_HEADERS) assert.equal(response.headers[name], undefined, `${label}: ${name}`);
    }
    // Revalidated: the 304 is as plain as the answer it confirms.
    const etag = String(answers.script.headers.etag);
    const revalidated = await get('/main.3f9a8b7c.js', { accept: '*/*', 'if-none-match': etag });
    assert.equal(revalidated.statusCode, 304);
    for (const name of DOCUMENT_HEADERS) assert.equal(revalidated.headers[name], undefined, `304: ${name}`);
  });

  it("gives the portal a policy naming the remotes' origins and the payment providers", async () => {
    const policy = String((await get('/', { accept: 'text/html' })).headers['content-security-policy']);
    assert.match(policy, new RegExp(`script-src 'self' ${CDN}(;|$)`));
    assert.match(policy, new RegExp(`connect-src 'self' ${CDN}(;|$)`));
    assert.match(policy, new RegExp(`form-action 'self' ${ORIGIN}(;|$)`));
    assert.match(policy, new RegExp(`frame-src 'self' ${ORIGIN}(;|$)`));
    assert.match(policy, /frame-ancestors 'none'/);
    assert.doesNotMatch(policy, /unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('follows a rewritten remotes.json once its short cache expires', async () => {
    await writeFile(
      join(root, 'environments/local/remotes.json'),
      JSON.stringify({
        environment: 'local',
        remotes: { remote_library: { entry: 'https://cdn2.example.com/x/mf-manifest.json', version: '2.0.0' } },
      }),
    );
    clock.advance(60);
    const policy = String((await get('/', { accept: 'text/html' })).headers['content-security-policy']);
    assert.match(policy, /script-src 'self' https:\/\/cdn2\.example\.com(;|$)/);
    assert.doesNotMatch(policy, /cdn\.example\.com/);
  });

  it('lists the origins of absolute entries and canaries for scripts, styles and fetches', async () => {
    await writeFile(
      join(root, 'environments/local/remotes.json'),
      JSON.stringify({
        environment: 'local',
        remotes: {
          remote_account: {
            entry: 'https://team.example.com:8443/remotes/remote-account/1.0.0/mf-manifest.json',
            version: '1.0.0',
            integrity: 'sha384-AAAA',
            canary: { entry: 'https://canary.example.com/a/1.1.0/mf-manifest.json', version: '1.1.0', share: 10 },
          },
        },
      }),
    );
    clock.advance(60);
    const policy = String((await get('/', { accept: 'text/html' })).headers['content-security-policy']);
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      assert.match(
        policy,
        new RegExp(`${directive} 'self' https://team\\.example\\.com:8443 https://canary\\.example\\.com(;|$)`),
        directive,
      );
    }
  });

  it('marks every API answer no-store with a policy that loads nothing', async () => {
    const user = await registerUser(t.app);
    const answers = [
      await get('/api/v1/user/viewuserinfo', { accept: 'application/json', ...bearer(user.accessToken) }),
      await get('/api/v1/user/viewuserinfo'),
      await get('/api/v1/nothing-here'),
    ];
    assert.equal(answers[0]!.statusCode, 200);
    for (const response of answers) {
      assert.equal(response.headers['cache-control'], 'no-store', response.body);
      assert.match(String(response.headers['content-security-policy']), /^default-src 'none'/);
    }
  });

  it('keeps the caching of static files', async () => {
    assert.equal((await get('/main.3f9a8b7c.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(
      (await get('/remotes/remote-account/1.0.0/main.0a1b2c3d.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    assert.equal((await get('/remotes/remote-account/1.0.0/remoteEntry.js')).headers['cache-control'], 'no-cache');
    assert.equal((await get('/remotes.json')).headers['cache-control'], 'no-cache');
  });

  it('keeps the stricter policy of pages that set their own', async () => {
    const mailbox = await get('/dev/mailbox', { accept: 'text/html' });
    assert.equal(mailbox.statusCode, 200);
    assert.match(String(mailbox.headers['content-security-policy']), /^default-src 'none'/);
    assertBaseline(mailbox, 'mailbox');
    const card = await get('/sandbox/card/checkout', { accept: 'text/html' });
    assert.match(String(card.headers['content-security-policy']), /^default-src 'none'/);
    // The card page is framed by the portal: nothing may forbid that.
    assert.doesNotMatch(String(card.headers['content-security-policy']), /frame-ancestors/);
    assert.equal(card.headers['x-frame-options'], undefined);
  });
});

describe('source maps and build statistics', () => {
  let root: string;
  let t: TestApp;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'pod-maps-'));
    for (const [path, content] of Object.entries(FILES)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    t = await buildTestApp({ staticRoot: root });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers 404 for *.map and mf-stats.json even when they are in the static root', async () => {
    for (const url of [
      '/main.3f9a8b7c.js.map',
      '/x.js.map',
      '/remotes/remote-account/1.0.0/main.0a1b2c3d.js.map',
      '/remotes/remote-account/1.0.0/mf-stats.json',
    ]) {
      for (const accept of ['*/*', 'text/html']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept } });
        assert.equal(response.statusCode, 404, `${url} (${accept})`);
        assert.doesNotMatch(response.body, /"version":3|modules/, url);
      }
    }
  });
});
