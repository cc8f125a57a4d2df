import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { MailboxMessage } from '../../src/plugins/external/dev-mailbox.js';
import type { Mailer } from '../../src/plugins/external/mail.js';
import { PRODUCTION_ENV, withEnv } from '../helpers/production-env.js';
import {
  buildTestApp,
  registerUser,
  specPath,
  TEST_JWT_SECRET,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.js';

const withNodeEnv = <T>(value: string | undefined, build: () => Promise<T>) => withEnv({ NODE_ENV: value }, build);

describe('dev mailbox', () => {
  let t: TestApp;

  before(async () => {
    t = await withNodeEnv('test', () => buildTestApp({ config: { publicUrl: 'https://portal.example.test' } }));
  });
  after(() => t.close());

  const page = (query = '') => t.app.inject({ method: 'GET', url: `/dev/mailbox${query}` });
  const json = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/dev/mailbox.json${query}` });
    assert.equal(response.statusCode, 200);
    return response.json<MailboxMessage[]>();
  };

  it('shows the verification mail of a registration with its link, as an accessible page', async () => {
    const user = await registerUser(t.app);
    const response = await page(`?to=${encodeURIComponent(user.email)}`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    const html = response.body;
    assert.match(html, /^<!doctype html>\n<html lang="en">/);
    assert.match(html, /<h1>Dev mailbox<\/h1>/);
    assert.match(html, /<label for="to">Recipient<\/label>/);
    const articles = html.match(/<article[\s\S]*?<\/article>/g) ?? [];
    assert.equal(articles.length, 1);
    const [article] = articles as [string];
    assert.match(article, /<h2 id="message-\d+">Verify your Print on Demand account<\/h2>/);
    assert.ok(article.includes(`To: ${user.email}`), article);
    assert.match(article, /<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">/);
    assert.match(
      article,
      /<a href="https:\/\/portal\.example\.test\/verify\?id=\d+&amp;token=[\w-]+">Verify my account<\/a>/,
    );
  });

  it('lists the same messages as JSON, newest first, filtered by recipient case-insensitively', async () => {
    const user = await registerUser(t.app);
    await t.app.emailOutboxRepository.add({ to: user.email, subject: 'Second', text: 'later' });
    const messages = await json(`?to=${encodeURIComponent(user.email.toUpperCase())}`);
    assert.deepEqual(
      messages.map((m) => m.subject),
      ['Second', 'Verify your Print on Demand account'],
    );
    const [, verification] = messages as [MailboxMessage, MailboxMessage];
    assert.equal(verification.to, user.email);
    assert.match(verification.text, /https:\/\/portal\.example\.test\/verify\?id=\d+&token=/);
    assert.match(verification.html ?? '', /Verify my account/);
    assert.ok(!Number.isNaN(Date.parse(verification.createdAt)));

    const all = await json();
    assert.ok(all.length > messages.length, 'without a filter every recipient is listed');
    assert.ok(
      all.every((m, i) => i === 0 || all[i - 1]!.id > m.id),
      'newest first',
    );
    const pageOrder = [...(await page()).body.matchAll(/<article aria-labelledby="message-(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    assert.deepEqual(
      pageOrder,
      all.map((m) => m.id),
    );
  });

  it('escapes the text parts and forbids scripts on the page', async () => {
    const to = `a<b>"x"@example.test`;
    await t.app.emailOutboxRepository.add({
      to,
      subject: '<script>alert(1)</script> & more',
      text: 'plain <i>text</i>',
    });
    const response = await page(`?to=${encodeURIComponent(to)}`);
    const html = response.body;
    assert.ok(html.includes('<h2 id="message-'), html);
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more'), html);
    assert.ok(html.includes('To: a&lt;b&gt;&quot;x&quot;@example.test'), html);
    assert.ok(html.includes('<pre>plain &lt;i&gt;text&lt;/i&gt;</pre>'), 'a text-only mail shows its text escaped');
    assert.ok(!html.includes('<script>'));
    assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
  });

  it('says when there is nothing for an address', async () => {
    const html = (await page(`?to=${encodeURIComponent(uniqueEmail('empty'))}`)).body;
    assert.equal(html.match(/<article/g), null);
    assert.match(html, /0 messages to /);
  });

  it('says on the page that it answers this machine only, and how to open it', async () => {
    const html = (await page()).body;
    assert.match(html, /answers only requests from this machine \(loopback\)/);
    assert.match(html, /DEV_MAILBOX=open/);
  });

  it('answers loopback clients: 127.0.0.0/8, ::1 and IPv4-mapped 127.x', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress });
        assert.equal(response.statusCode, 200, `${url} from ${remoteAddress}`);
      }
    }
  });

  it('answers any other client 404, as if it did not exist (the probe read reset links from afar)', async () => {
    const user = await registerUser(t.app);
    for (const remoteAddress of [
      '203.0.113.9',
      '10.0.0.5',
      '192.168.1.20',
      '::ffff:10.1.2.3',
      '2001:db8::1',
      '128.0.0.1',
    ]) {
      for (const url of ['/dev/mailbox', `/dev/mailbox.json?to=${encodeURIComponent(user.email)}`]) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress });
        assert.equal(response.statusCode, 404, `${url} from ${remoteAddress}`);
        assert.equal(response.json().message, `Route GET ${url.split('?')[0]} not found`);
        assert.doesNotMatch(response.body, /token=/);
      }
    }
  });

  it('takes a request that came through a proxy as not local, whatever the proxy says and with trustProxy on or off', async () => {
    const proxied = await buildApp({
      specPath,
      db: t.app.db,
      config: { jwtSecret: TEST_JWT_SECRET },
      trustProxy: true,
    });
    try {
      const headerSets = [
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ];
      for (const app of [proxied, t.app]) {
        for (const headers of headerSets) {
          const response = await app.inject({
            method: 'GET',
            url: '/dev/mailbox.json',
            remoteAddress: '127.0.0.1',
            headers,
          });
          assert.equal(response.statusCode, 404, JSON.stringify(headers));
        }
      }
      // A non-loopback socket is not made local by a header claiming loopback.
      const spoofed = await proxied.inject({
        method: 'GET',
        url: '/dev/mailbox.json',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      assert.equal(spoofed.statusCode, 404);
    } finally {
      await proxied.close();
    }
  });

  it('answers every client when opened with DEV_MAILBOX=open, and says so on the page', async () => {
    const open = await withEnv({ NODE_ENV: 'test', DEV_MAILBOX: 'open' }, () =>
      buildApp({ specPath, db: t.app.db, config: { jwtSecret: TEST_JWT_SECRET } }),
    );
    try {
      for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
        const response = await open.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
        assert.equal(response.statusCode, 200, remoteAddress);
        assert.match(response.body, /open to every client \(DEV_MAILBOX=open\)/);
      }
      const proxied = await open.inject({
        method: 'GET',
        url: '/dev/mailbox.json',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      assert.equal(proxied.statusCode, 200);
    } finally {
      await open.close();
    }
  });

  it('is not part of the API and is absent in production or with a real mail transport', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode, 404);

    // Second apps on the same database: cheap, and they only differ in how they were built.
    const build = (mailer?: Mailer) =>
      buildApp({ specPath, db: t.app.db, config: { jwtSecret: TEST_JWT_SECRET }, ...(mailer && { mailer }) });
    const apps: FastifyInstance[] = [
      // Production with settings that pass the production checks (config-safety.ts).
      await withEnv(PRODUCTION_ENV, () => buildApp({ specPath, db: t.app.db })),
      // Not even opened: production never serves it (allowed only so that start-up goes on).
      await withEnv({ ...PRODUCTION_ENV, DEV_MAILBOX: 'open', ALLOW_DEV_MAILBOX: '1' }, () =>
        buildApp({ specPath, db: t.app.db }),
      ),
      await withNodeEnv('test', () => build({ kind: 'smtp', send: async () => {} })),
    ];
    try {
      for (const app of apps) {
        for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
          const response = await app.inject({ method: 'GET', url });
          assert.equal(response.statusCode, 404, url);
          assert.equal(response.json().message, `Route GET ${url} not found`);
        }
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
