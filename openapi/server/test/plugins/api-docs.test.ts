import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';
import { buildTestApp, specPath, type TestApp } from '../helpers/test-app.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('API reference at /api/docs', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ config: { apiDocs: true } });
  });
  after(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves a page whose scripts and styles are files of this origin, under the portal policy', async () => {
    const response = await get('/api/docs');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.equal(response.headers['cache-control'], 'no-cache');

    const policy = String(response.headers['content-security-policy']);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
    const csp = directives(policy);
    assert.deepEqual(csp.get('script-src'), ["'self'"]);
    assert.deepEqual(csp.get('style-src'), ["'self'"]);
    assert.ok(csp.get('connect-src')?.includes("'self'"), 'the spec and "Try it out" are same-origin fetches');
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);

    // Nothing inline for the policy to refuse: every script has a src, no <style>, no style="".
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 2);
    for (const [, attributes, content] of scripts) {
      assert.match(attributes!, /\ssrc="\/api\/docs\//);
      assert.equal(content!.trim(), '');
    }
    assert.doesNotMatch(response.body, /<style|\sstyle=/i);
  });

  it('serves every file the page links, from this server', async () => {
    const page = (await get('/api/docs')).body;
    const urls = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
    assert.ok(urls.some((url) => url.endsWith('/swagger-ui-bundle.js')));
    assert.ok(urls.some((url) => url.endsWith('/swagger-ui.css')));
    for (const url of urls) {
      assert.ok(url.startsWith('/api/docs/'), `${url} is served here, not by a CDN`);
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.ok(response.body.length > 0, url);
    }

    const bundle = urls.find((url) => url.endsWith('/swagger-ui-bundle.js'))!;
    const js = await get(bundle);
    assert.match(String(js.headers['content-type']), /^text\/javascript/);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(js.body, /SwaggerUIBundle/);

    // The stylesheet fetches nothing: its only url()s are data: images, which img-src allows.
    const css = await get(urls.find((url) => url.endsWith('/swagger-ui.css'))!);
    assert.match(String(css.headers['content-type']), /^text\/css/);
    assert.doesNotMatch(css.body, /@import/);
    for (const [, target] of css.body.matchAll(/url\(\s*["']?([^"')]+)/g)) assert.match(target!, /^data:/);

    const start = await get('/api/docs/start.js');
    assert.match(String(start.headers['content-type']), /^text\/javascript/);
    assert.match(start.body, /url: "\/api\/docs\/portal\.yaml"/);
    assert.match(start.body, /validatorUrl: null/);
  });

  it('serves nothing else of node_modules', async () => {
    const page = (await get('/api/docs')).body;
    const assets = /href="(\/api\/docs\/assets\/[^/]+)\//.exec(page)![1]!;
    for (const name of ['package.json', 'index.html', 'swagger-ui-bundle.js.map', '..%2Fpackage.json']) {
      assert.equal((await get(`${assets}/${name}`)).statusCode, 404, name);
    }
  });

  it('serves portal.yaml itself, as the router reads it', async () => {
    const response = await get('/api/docs/portal.yaml');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/yaml/);
    assert.equal(response.body, await readFile(specPath, 'utf8'));
    const document = parse(response.body) as {
      openapi: string;
      servers: Array<{ url: string }>;
      paths: Record<string, unknown>;
    };
    assert.equal(document.openapi, '3.1.0');
    assert.equal(document.servers[0]!.url, '/api/v1');
    assert.ok(document.paths['/authO/login']);
  });
});

describe('API reference switched off', () => {
  it('answers 404 for the page, the files and the spec', async () => {
    const t = await buildTestApp({ config: { apiDocs: false } });
    try {
      for (const url of ['/api/docs', '/api/docs/start.js', '/api/docs/portal.yaml']) {
        assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404, url);
      }
    } finally {
      await t.close();
    }
  });

  it('is on in development and off in production unless API_DOCS says otherwise', () => {
    assert.equal(loadConfig({}).apiDocs, true);
    assert.equal(loadConfig({ NODE_ENV: 'production' }).apiDocs, false);
    assert.equal(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs, true);
    assert.equal(loadConfig({ API_DOCS: 'OFF' }).apiDocs, false);
    assert.throws(() => loadConfig({ API_DOCS: 'yes' }), /API_DOCS must be "on" or "off", got 'yes'/);
  });
});
