import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_HELP, actorName, runAdminCli } from '../../src/admin/command-line.js';
import { createAdminConsole } from '../../src/admin/index.js';
import { sinceArgument } from '../../src/admin/reports.js';
import { buildTestApp, createClock, uniqueAddress, type TestApp } from '../helpers/test-app.js';

describe('admin console: report remotes (pnpm report:remotes)', () => {
  const clock = createClock(new Date('2026-03-02T08:10:00Z'));
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now, portalEnv: 'staging', rateLimits: false } });
  });
  after(() => t.close());

  async function cli(...argv: string[]) {
    const { exitCode, stdout, stderr } = await runAdminCli(argv, async (as) =>
      createAdminConsole({ db: t.app.db, actor: actorName(as), now: clock.now }),
    );
    return { code: exitCode, out: stdout, err: stderr };
  }

  async function report(remote: string, version: string, channel: string, kind: string, count: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/monitoring/remote-events',
      remoteAddress: uniqueAddress(),
      payload: { environment: 'staging', events: [{ remote, version, channel, route: '/login', kind, count }] },
    });
    assert.equal(response.statusCode, 204, response.body);
  }

  it('says so when nothing was reported', async () => {
    const { code, out } = await cli('report', 'remotes', '--env', 'staging');
    assert.equal(code, 0);
    assert.equal(
      out,
      'Front-end loads and errors in staging since 2026-03-01T08:00:00.000Z (hourly counts, UTC)\n\n' +
        'No front-end events were reported in that time.',
    );
  });

  it('prints loads, load failures, render errors and the error rate per remote, version and channel', async () => {
    // Two days ago: outside the default 24 hours.
    clock.advance(-48 * 3600);
    await report('remote_account', '0.1.0', 'stable', 'load-failure', 50);
    clock.advance(48 * 3600);
    await report('remote_checkout', '1.3.0', 'stable', 'load', 38);
    await report('remote_checkout', '1.3.0', 'stable', 'load-failure', 2);
    await report('remote_checkout', '1.3.0', 'stable', 'render-error', 1);
    clock.advance(3600);
    await report('remote_checkout', '1.4.0', 'canary', 'load-failure', 6);
    await report('remote_account', '0.1.0', 'stable', 'load', 12);
    await report('remote_account', '0.2.0', 'pinned', 'load', 1);

    const { code, out, err } = await cli('report', 'remotes', '--env', 'staging');
    assert.equal(err, '');
    assert.equal(code, 0);
    assert.equal(
      out,
      [
        'Front-end loads and errors in staging since 2026-03-01T09:00:00.000Z (hourly counts, UTC)',
        '',
        'remote           version  channel  loads  load failures  render errors  error rate',
        'remote_account   0.2.0    pinned       1              0              0          0%',
        'remote_account   0.1.0    stable      12              0              0          0%',
        'remote_checkout  1.4.0    canary       0              6              0        100%',
        'remote_checkout  1.3.0    stable      38              2              1        7.5%',
      ].join('\n'),
    );

    const week = await cli('report', 'remotes', '--env', 'staging', '--since', '7d', '--json');
    assert.equal(week.code, 0);
    const data = JSON.parse(week.out) as {
      environment: string;
      since: string;
      versions: Array<Record<string, unknown>>;
    };
    assert.equal(data.environment, 'staging');
    assert.equal(data.since, '2026-02-23T09:00:00.000Z');
    assert.deepEqual(
      data.versions.find((line) => line.remote === 'remote_account' && line.channel === 'stable'),
      {
        remote: 'remote_account',
        version: '0.1.0',
        channel: 'stable',
        loads: 12,
        loadFailures: 50,
        renderErrors: 0,
        errorRate: 0.8065,
      },
    );
    assert.deepEqual(
      (await cli('report', 'remotes', '--env', 'production')).out.split('\n').at(-1),
      'No front-end events were reported in that time.',
    );
  });

  it('refuses a missing --env (usage) and a bad --env or --since with a sentence (exit 1)', async () => {
    const missing = await cli('report', 'remotes');
    assert.equal(missing.code, 2);
    assert.equal(missing.err, `Missing --env\n\n${ADMIN_HELP}`);
    const env = await cli('report', 'remotes', '--env', '../x');
    assert.equal(env.code, 1);
    assert.equal(env.err, 'error: --env must be letters, digits, "-" and "_" (e.g. staging), got "../x"');
    const since = await cli('report', 'remotes', '--env', 'staging', '--since', 'yesterday');
    assert.equal(since.code, 1);
    assert.equal(
      since.err,
      'error: --since must be a duration such as 30m, 24h or 7d, or a date such as 2026-03-01, got "yesterday"',
    );
    assert.match(ADMIN_HELP, /report remotes --env NAME \[--since 24h\]/);
  });

  it('reads --since as a duration back from now or as a date', () => {
    const now = new Date('2026-03-02T08:10:00Z');
    assert.equal(sinceArgument('90m', now).toISOString(), '2026-03-02T06:40:00.000Z');
    assert.equal(sinceArgument('24h', now).toISOString(), '2026-03-01T08:10:00.000Z');
    assert.equal(sinceArgument('2026-03-01', now).toISOString(), '2026-03-01T00:00:00.000Z');
    assert.throws(() => sinceArgument('400d', now), /one year at most/);
  });
});
