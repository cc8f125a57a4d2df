import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config.js';
import staticSite, { cacheControlFor, IMMUTABLE, NO_CACHE } from '../../src/plugins/external/static-site.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Print on Demand | Host</title>',
  'login.html': '<!doctype html><title>Print on Demand | Host</title><h1>Login</h1>',
  'shell-dashboard.html': '<!doctype html><title>Print on Demand | Host</title><h1>Dashboard</h1>',
  'shell-checkout-cart.html': '<!doctype html><title>Print on Demand | Host</title><h1>Your Cart</h1>',
  'remotes.json': '{"environment":"legacy"}',
  'environments/local/remotes.json': '{"environment":"local"}',
  'environments/staging/remotes.json': '{"environment":"staging"}',
  'environments/staging/history.json': '{}',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'main.3f9a8b7c.js': 'console.log("host");',
  'favicon.ico': 'icon',
  'remotes/account/1.0.0/mf-manifest.json': '{"name":"account"}',
  'remotes/account/1.0.0/remoteEntry.js': 'var account;',
  'remotes/account/1.0.0/static/js/412.js': 'chunk',
  'remotes/account/1.0.0/static/js/413.js': 'chunk with a brotli copy',
  'remotes/account/1.0.0/static/js/413.js.br': 'brotli bytes',
};

describe('static site', () => {
  let root: string;
  let t: TestApp;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'pod-static-'));
    for (const [path, content] of Object.entries(FILES)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    // The app stands for staging (what PORTAL_ENV=staging sets).
    t = await buildTestApp({ staticRoot: root, config: { portalEnv: 'staging' } });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('serves entry points with no-cache', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/remotes.json',
      '/sw.js',
      '/remotes/account/1.0.0/mf-manifest.json',
      '/remotes/account/1.0.0/remoteEntry.js',
    ]) {
      const response = await get(url, '*/*');
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], NO_CACHE, url);
    }
    assert.equal((await get('/')).body, FILES['index.html']);
  });

  it("answers /remotes.json from the configured environment's file", async () => {
    const response = await get('/remotes.json', '*/*');
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, FILES['environments/staging/remotes.json']);
    assert.equal(response.headers['cache-control'], NO_CACHE);
    assert.match(String(response.headers['content-type']), /application\/json/);
  });

  it('serves the environment files themselves with no-cache', async () => {
    for (const url of ['/environments/local/remotes.json', '/environments/staging/history.json']) {
      const response = await get(url, '*/*');
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], NO_CACHE, url);
    }
  });

  it('serves hashed assets and remote chunks as immutable', async () => {
    for (const url of ['/main.3f9a8b7c.js', '/remotes/account/1.0.0/static/js/412.js']) {
      const response = await get(url, '*/*');
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], IMMUTABLE, url);
    }
    assert.equal((await get('/main.3f9a8b7c.js', '*/*')).body, FILES['main.3f9a8b7c.js']);
  });

  it('revalidates unhashed host files', async () => {
    const response = await get('/favicon.ico', '*/*');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], NO_CACHE);
  });

  it('answers index.html for browser navigations to client routes', async () => {
    for (const url of ['/dashboard', '/register/email-password?e=a%40b.co', '/books/12']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, FILES['index.html']);
      assert.equal(response.headers['cache-control'], NO_CACHE);
      assert.match(String(response.headers['content-type']), /text\/html/);
    }
  });

  it('answers /login, and only /login, with the pre-rendered sign-in page', async () => {
    for (const url of ['/login', '/login?next=%2Fbooks']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, FILES['login.html'], url);
      assert.equal(response.headers['cache-control'], NO_CACHE, url);
    }
    for (const url of ['/dashboard', '/', '/register', '/login/extra']) {
      assert.equal((await get(url)).body, FILES['index.html'], url);
    }
  });

  it('answers a signed-in page with its pre-rendered shell only to a browser that sends the signed-in hint', async () => {
    const withCookie = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
    for (const [url, file] of [
      ['/dashboard', 'shell-dashboard.html'],
      ['/dashboard?card=ok', 'shell-dashboard.html'],
      ['/checkout/cart', 'shell-checkout-cart.html'],
    ] as const) {
      const response = await withCookie(url, 'theme=dark; pod-signed-in=1');
      assert.equal(response.body, FILES[file], url);
      assert.equal(response.headers['cache-control'], NO_CACHE, url);
      assert.equal(response.headers.vary, 'accept-encoding, cookie', url);
    }
    // No hint, another value, another cookie of that prefix: the plain page, still varying on Cookie.
    for (const cookie of ['', 'pod-signed-in=0', 'pod-signed-in-x=1', 'xpod-signed-in=1']) {
      const response = await withCookie('/dashboard', cookie);
      assert.equal(response.body, FILES['index.html'], cookie);
      assert.equal(response.headers.vary, 'accept-encoding, cookie', cookie);
    }
    // A page the build did not pre-render, and paths that could never name one: index.html.
    for (const url of ['/orders', '/books/local/12', '/Dashboard', '/']) {
      assert.equal((await withCookie(url, 'pod-signed-in=1')).body, FILES['index.html'], url);
    }
    // /login keeps its sign-in card with or without the hint.
    assert.equal((await withCookie('/login', 'pod-signed-in=1')).body, FILES['login.html']);
  });

  it('answers a real 404 for a missing file under /remotes/, even for browsers', async () => {
    for (const url of ['/remotes/account/2.0.0/remoteEntry.js', '/remotes/gone/1.0.0/mf-manifest.json', '/remotes/']) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json().statusCode, 404);
    }
  });

  it('answers 404 (no fallback) for missing files requested by scripts', async () => {
    const response = await get('/missing.4a5b6c7d.js', '*/*');
    assert.equal(response.statusCode, 404);
  });

  it('keeps the API first and unknown API paths 404 Problems', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/viewuserinfo',
      headers: { accept: 'text/html' },
    });
    assert.equal(api.statusCode, 401);
    const unknown = await get('/api/v1/does-not-exist');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error, 'Not Found');
  });

  it('does not serve files outside the root', async () => {
    const response = await get('/../../../etc/passwd', '*/*');
    assert.equal(response.statusCode, 404);
    const encoded = await get('/%2e%2e/%2e%2e/etc/passwd', '*/*');
    assert.equal(encoded.statusCode, 404);
  });

  it('opens every answer under /remotes/ to any origin (CORS *), found or not, and nothing else', async () => {
    for (const url of [
      '/remotes/account/1.0.0/mf-manifest.json',
      '/remotes/account/1.0.0/remoteEntry.js',
      '/remotes/account/1.0.0/static/js/412.js',
      '/remotes/account/2.0.0/remoteEntry.js',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: '*/*', origin: 'https://portal.example' },
      });
      assert.equal(response.headers['access-control-allow-origin'], '*', url);
      // One answer for every origin: nothing for a cache to key on.
      assert.doesNotMatch(String(response.headers.vary ?? ''), /origin/i, url);
    }
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/remotes/account/1.0.0/static/js/413.js',
      headers: { accept: '*/*', 'accept-encoding': 'br', origin: 'https://portal.example' },
    });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers['access-control-allow-origin'], '*');
    for (const url of [
      '/',
      '/remotes.json',
      '/main.3f9a8b7c.js',
      '/environments/staging/remotes.json',
      '/api/v1/user/viewuserinfo',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: '*/*', origin: 'https://portal.example' },
      });
      assert.equal(response.headers['access-control-allow-origin'], undefined, url);
    }
  });

  it('classifies cache headers by path', () => {
    assert.equal(cacheControlFor('index.html'), NO_CACHE);
    assert.equal(cacheControlFor('remotes/library/2.1.0/remoteEntry.js'), NO_CACHE);
    assert.equal(cacheControlFor('remotes/library/2.1.0/static/css/main.css'), IMMUTABLE);
    assert.equal(cacheControlFor('static/js/vendors.0a1b2c3d4e5f.js'), IMMUTABLE);
    assert.equal(cacheControlFor('static/js/bootstrap-handler.js'), NO_CACHE);
    assert.equal(cacheControlFor('manifest.webmanifest'), NO_CACHE);
  });
});

describe('GET /remotes.json per environment (PORTAL_ENV)', () => {
  let root: string;

  /** A static root holding `files`, served by the plugin alone (no database needed). */
  async function serve(files: Record<string, string>, environment?: string) {
    root = await mkdtemp(join(tmpdir(), 'pod-static-env-'));
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    const app = Fastify();
    await app.register(staticSite, { root, ...(environment && { environment }) });
    const response = await app.inject({ method: 'GET', url: '/remotes.json', headers: { accept: '*/*' } });
    await app.close();
    await rm(root, { recursive: true, force: true });
    return response;
  }

  const layout = {
    'index.html': '<!doctype html>',
    'remotes.json': '{"environment":"legacy"}',
    'environments/local/remotes.json': '{"environment":"local"}',
    'environments/production/remotes.json': '{"environment":"production"}',
  };

  it('answers the named environment', async () => {
    const response = await serve(layout, 'production');
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, '{"environment":"production"}');
    assert.equal(response.headers['cache-control'], NO_CACHE);
  });

  it('defaults to local', async () => {
    assert.equal((await serve(layout)).body, '{"environment":"local"}');
  });

  it('falls back to a root remotes.json when the environment has no file (older static roots)', async () => {
    const response = await serve(layout, 'qa');
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, '{"environment":"legacy"}');
    assert.equal(response.headers['cache-control'], NO_CACHE);
  });

  it('answers 404, not index.html, when neither file exists', async () => {
    const response = await serve({ 'index.html': '<!doctype html>' }, 'staging');
    assert.equal(response.statusCode, 404);
  });

  it('reads the environment from PORTAL_ENV, default local, and rejects path-like names', () => {
    assert.equal(loadConfig({}).portalEnv, 'local');
    assert.equal(loadConfig({ PORTAL_ENV: 'staging' }).portalEnv, 'staging');
    assert.throws(() => loadConfig({ PORTAL_ENV: '../etc' }), /PORTAL_ENV/);
  });
});
