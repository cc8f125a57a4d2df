import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  automaticRollbackEntry,
  canaryReleases,
  canaryStart,
  canaryVerdict,
  errorRate,
  formatRate,
  withHistoryEntry,
  withoutCanary,
  type CanaryRule,
} from '../../src/domain/canary-guard.js';
import { foldEvents, hourOf, isRoutePattern } from '../../src/domain/remote-events.js';

const RULE: CanaryRule = { marginPoints: 5, minLoads: 20 };
const stable = (loads: number, failures: number) => ({ version: '1.3.0', loads, failures });
const canary = (loads: number, failures: number) => ({ version: '1.4.0', loads, failures });

describe('canaryVerdict (the rollback rule)', () => {
  it('rolls back a canary whose error rate exceeds the stable one by more than the margin', () => {
    assert.deepEqual(canaryVerdict(stable(0, 0), canary(6, 6), { marginPoints: 5, minLoads: 3 }), {
      decision: 'rollback',
      reason: 'error rate 100% over 6 loads against 0% for 1.3.0 (margin 5 points)',
    });
    assert.deepEqual(canaryVerdict(stable(200, 2), canary(40, 3), RULE), {
      decision: 'rollback',
      reason: 'error rate 7.5% over 40 loads against 1% for 1.3.0 (margin 5 points)',
    });
  });

  it('keeps a canary within the margin, and one exactly at it ("more than" the margin rolls back)', () => {
    assert.deepEqual(canaryVerdict(stable(100, 1), canary(50, 1), RULE), {
      decision: 'keep',
      reason: 'error rate 2% over 50 loads against 1% for 1.3.0, within the margin of 5 points',
    });
    // 1 in 20 is exactly 5 points above a stable 0%: kept (cross-multiplied, no 5.000001).
    assert.equal(canaryVerdict(stable(10, 0), canary(20, 1), RULE).decision, 'keep');
    assert.equal(canaryVerdict(stable(0, 0), canary(20, 1), RULE).decision, 'keep');
    // 2 in 20 is 10 points: rolled back.
    assert.equal(canaryVerdict(stable(10, 0), canary(20, 2), RULE).decision, 'rollback');
    // 6% against 1%: exactly 5 points, kept; 6.5% against 1%: rolled back.
    assert.equal(canaryVerdict(stable(100, 1), canary(100, 6), RULE).decision, 'keep');
    assert.equal(canaryVerdict(stable(100, 1), canary(200, 13), RULE).decision, 'rollback');
  });

  it('keeps a canary that does better than, or as badly as, the stable version', () => {
    assert.equal(canaryVerdict(stable(100, 50), canary(100, 20), RULE).decision, 'keep');
    assert.equal(canaryVerdict(stable(100, 100), canary(30, 30), RULE).decision, 'keep');
  });

  it('waits while the canary has fewer loads than the minimum, whatever its rate', () => {
    assert.deepEqual(canaryVerdict(stable(500, 0), canary(19, 19), RULE), {
      decision: 'wait',
      reason: '19 loads of 1.4.0 so far, 20 needed before judging it (error rate 100% so far)',
    });
    assert.deepEqual(canaryVerdict(stable(0, 0), canary(1, 0), RULE), {
      decision: 'wait',
      reason: '1 load of 1.4.0 so far, 20 needed before judging it (error rate 0% so far)',
    });
    assert.equal(canaryVerdict(stable(0, 0), canary(20, 20), RULE).decision, 'rollback');
  });

  it('takes the margin and the minimum from its configuration', () => {
    assert.equal(canaryVerdict(stable(100, 0), canary(10, 1), { marginPoints: 5, minLoads: 10 }).decision, 'rollback');
    assert.equal(canaryVerdict(stable(100, 0), canary(10, 1), { marginPoints: 10, minLoads: 10 }).decision, 'keep');
    assert.equal(canaryVerdict(stable(100, 0), canary(10, 1), { marginPoints: 0, minLoads: 11 }).decision, 'wait');
    assert.match(
      canaryVerdict(stable(0, 0), canary(3, 3), { marginPoints: 1, minLoads: 3 }).reason,
      /margin 1 point\)$/,
    );
    assert.match(
      canaryVerdict(stable(10, 0), canary(10, 1), { marginPoints: 12.5, minLoads: 3 }).reason,
      /within the margin of 12\.5 points$/,
    );
  });

  it('caps a rate at 100% when crashes outnumber loads (several boundaries on one page)', () => {
    assert.equal(errorRate(canary(4, 9)), 1);
    assert.equal(errorRate(canary(0, 3)), 0);
    assert.equal(canaryVerdict(stable(10, 10), canary(20, 60), RULE).decision, 'keep');
  });

  it('formats rates with one decimal at most', () => {
    assert.deepEqual([0, 0.025, 1 / 3, 1].map(formatRate), ['0%', '2.5%', '33.3%', '100%']);
  });
});

describe("the environment's files", () => {
  const config = {
    environment: 'staging',
    pinning: true,
    remotes: {
      remote_account: { entry: '/remotes/remote-account/0.1.0/mf-manifest.json', version: '0.1.0' },
      remote_checkout: {
        entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json',
        version: '1.3.0',
        integrity: 'sha384-abc',
        canary: { entry: '/remotes/remote-checkout/1.4.0/mf-manifest.json', version: '1.4.0', share: 50 },
      },
      remote_wizard: {
        entry: '/remotes/remote-wizard/2.0.0/mf-manifest.json',
        version: '2.0.0',
        canary: { entry: '/remotes/remote-wizard/2.1.0/mf-manifest.json', version: '2.1.0', share: 100 },
      },
      remote_elsewhere: {
        entry: '/x',
        version: '1.0.0',
        canary: { entry: '/y', version: '2.0.0', share: 5 },
      },
    },
  };

  it('canaryReleases lists the well-formed canaries of known remotes only', () => {
    assert.deepEqual(canaryReleases(config), [
      { remote: 'remote_checkout', stableVersion: '1.3.0', canaryVersion: '1.4.0', share: 50 },
    ]);
    assert.deepEqual(canaryReleases(null), []);
    assert.deepEqual(canaryReleases({ remotes: [] }), []);
  });

  it('withoutCanary removes that canary and keeps everything else, in order', () => {
    const after = withoutCanary(config, 'remote_checkout');
    assert.equal(
      JSON.stringify(after),
      JSON.stringify({
        ...config,
        remotes: {
          ...config.remotes,
          remote_checkout: {
            entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json',
            version: '1.3.0',
            integrity: 'sha384-abc',
          },
        },
      }),
    );
    assert.ok('canary' in config.remotes.remote_checkout, 'the input is not changed');
  });

  it('canaryStart is the newest canary deploy of that version with a share, else undefined', () => {
    const history = {
      remote_checkout: [
        { version: '1.3.0', deployedAt: '2026-03-01T08:00:00.000Z' },
        { version: '1.4.0', deployedAt: '2026-03-01T09:00:00.000Z', channel: 'canary', share: 10, event: 'deploy' },
        { version: '1.4.0', deployedAt: '2026-03-01T10:00:00.000Z', channel: 'canary', share: 0, event: 'rollback' },
        { version: '1.4.0', deployedAt: '2026-03-01T11:30:00.000Z', channel: 'canary', share: 50, event: 'deploy' },
        { version: '1.4.0', deployedAt: '2026-03-01T12:00:00.000Z', event: 'promote' },
      ],
    };
    assert.equal(canaryStart(history, 'remote_checkout', '1.4.0')?.toISOString(), '2026-03-01T11:30:00.000Z');
    assert.equal(canaryStart(history, 'remote_checkout', '1.5.0'), undefined);
    assert.equal(canaryStart(history, 'remote_account', '1.4.0'), undefined);
    assert.equal(canaryStart(undefined, 'remote_checkout', '1.4.0'), undefined);
  });

  it('withHistoryEntry appends the automatic rollback, creating the timeline when missing', () => {
    const at = new Date('2026-03-02T08:15:00Z');
    const entry = automaticRollbackEntry(
      '1.4.0',
      at,
      'error rate 100% over 6 loads against 0% for 1.3.0 (margin 5 points)',
    );
    assert.deepEqual(entry, {
      version: '1.4.0',
      deployedAt: '2026-03-02T08:15:00.000Z',
      channel: 'canary',
      share: 0,
      event: 'automatic-rollback',
      reason: 'error rate 100% over 6 loads against 0% for 1.3.0 (margin 5 points)',
    });
    const before = { remote_account: [{ version: '0.1.0', deployedAt: 'x' }] };
    assert.deepEqual(withHistoryEntry(before, 'remote_checkout', entry), { ...before, remote_checkout: [entry] });
    assert.deepEqual(withHistoryEntry(undefined, 'remote_checkout', entry), { remote_checkout: [entry] });
  });
});

describe('remote event rules', () => {
  it('isRoutePattern takes patterns and refuses anything that could be an id, a token, an address or a query', () => {
    for (const route of ['/', '/login', '/books/:region/:id', '/new-book/publisher-info', '/checkout/cart']) {
      assert.equal(isRoutePattern(route), true, route);
    }
    for (const route of [
      '',
      'login',
      '/books/local/12',
      '/verify?token=abc',
      '/u/someone@example.com',
      '/Login',
      '/reset-password/',
      '//x',
      `/${'a'.repeat(25)}`,
      '/a/b/c/d/e/f/g/h/i',
      '/:',
      '/:id2',
    ]) {
      assert.equal(isRoutePattern(route), false, route);
    }
  });

  it('hourOf floors to the UTC hour', () => {
    assert.equal(hourOf(new Date('2026-03-02T08:59:59.999Z')).toISOString(), '2026-03-02T08:00:00.000Z');
  });

  it('foldEvents adds up equal events of a batch', () => {
    const event = { remote: 'remote_checkout', version: '1.4.0', channel: 'canary', route: '/checkout/cart' };
    assert.deepEqual(
      foldEvents([
        { ...event, kind: 'load-failure', count: 2 },
        { ...event, kind: 'load', count: 1 },
        { ...event, kind: 'load-failure', count: 3 },
      ]),
      [
        { ...event, kind: 'load-failure', count: 5 },
        { ...event, kind: 'load', count: 1 },
      ],
    );
  });
});
