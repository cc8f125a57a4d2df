import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { MailboxMessage } from '../../src/plugins/external/dev-mailbox.js';
import type { Mailer } from '../../src/plugins/external/mail.js';
import { buildTestApp, registerUser, specPath, TEST_JWT_SECRET, uniqueEmail, type TestApp } from '../helpers/test-app.js';

/** Runs `build` with NODE_ENV set to `value` (restored afterwards): the app reads it while building. */
async function withNodeEnv<T>(value: string | undefined, build: () => Promise<T>): Promise<T> {
  const saved = process.env.NODE_ENV;
  if (value === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = value;
  try {
    return await build();
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
}

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
    assert.ok(all.every((m, i) => i === 0 || all[i - 1]!.id > m.id), 'newest first');
    const pageOrder = [...(await page()).body.matchAll(/<article aria-labelledby="message-(\d+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(pageOrder, all.map((m) => m.id));
  });

  it('escapes the text parts and forbids scripts on the page', async () => {
    const to = `a<b>"x"@example.test`;
    await t.app.emailOutboxRepository.add({ to, subject: '<script>alert(1)</script> & more', text: 'plain <i>text</i>' });
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

  it('is not part of the API and is absent in production or with a real mail transport', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode, 404);

    // Second apps on the same database: cheap, and they only differ in how they were built.
    const build = (mailer?: Mailer) =>
      buildApp({ specPath, db: t.app.db, config: { jwtSecret: TEST_JWT_SECRET }, ...(mailer && { mailer }) });
    const apps: FastifyInstance[] = [
      await withNodeEnv('production', () => build()),
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
