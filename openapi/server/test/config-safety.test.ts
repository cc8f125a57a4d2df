import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { productionRefusals, ProductionRefusedError } from '../src/config-safety.js';
import { generateVapidKeys } from '../src/domain/web-push.js';
import { PRODUCTION_ENV, withEnv } from './helpers/production-env.js';
import { specPath } from './helpers/test-app.js';

/** The refusals for PRODUCTION_ENV changed by `changes` (undefined: unset), as buildApp computes them. */
function refusalsWith(changes: Record<string, string | undefined>): string[] {
  const env: NodeJS.ProcessEnv = { ...PRODUCTION_ENV };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return productionRefusals(loadConfig(env), env);
}

/** Asserts exactly one refusal, matching `pattern` and naming `allow`, and that `allow`=1 lifts it. */
function assertRefusedOnce(changes: Record<string, string | undefined>, pattern: RegExp, allow: string): void {
  const refusals = refusalsWith(changes);
  assert.equal(refusals.length, 1, refusals.join('\n'));
  assert.match(refusals[0]!, pattern);
  assert.ok(refusals[0]!.includes(`${allow}=1`), refusals[0]);
  assert.deepEqual(refusalsWith({ ...changes, [allow]: '1' }), [], `${allow}=1 allows it`);
}

describe('production refusals', () => {
  it('refuse nothing for a real production configuration, and nothing at all outside production', () => {
    assert.deepEqual(refusalsWith({}), []);
    for (const nodeEnv of [undefined, 'development', 'test', '']) {
      const env = { NODE_ENV: nodeEnv, PAYMENT_SANDBOX: 'on', DEV_MAILBOX: 'open' };
      assert.deepEqual(productionRefusals(loadConfig(env), env), [], String(nodeEnv));
    }
  });

  it('turn the sandboxes off by default in production; PAYMENT_SANDBOX=on serving them is refused', () => {
    assert.equal(loadConfig(PRODUCTION_ENV).payments.sandbox, false);
    assertRefusedOnce({ PAYMENT_SANDBOX: 'on' }, /sandboxes are served under \/sandbox\//, 'ALLOW_PAYMENT_SANDBOX');
  });

  it('refuse every provider URL that points at the built-in sandbox or a provider’s sandbox, one reason each', () => {
    const cases: Array<[string, string]> = [
      ['PAYFAST_PROCESS_URL', 'https://portal.example.test/sandbox/payfast/eng/process'],
      ['PAYFAST_PROCESS_URL', 'https://sandbox.payfast.co.za/eng/process'],
      ['PAYFAST_VALIDATE_URL', 'http://127.0.0.1:8080/sandbox/payfast/eng/query/validate'],
      ['PAYFAST_VALIDATE_URL', 'https://sandbox.payfast.co.za/eng/query/validate'],
      ['CARD_POPUP_URL', 'https://portal.example.test/sandbox/card/checkout'],
      ['CARD_VERIFY_URL', 'https://other-host.example.test/SANDBOX/card/v3/transactions/verify_by_reference'],
      ['PAYPAL_API_BASE', 'https://portal.example.test/sandbox/paypal'],
      ['PAYPAL_API_BASE', 'https://api-m.sandbox.paypal.com'],
      ['PAYPAL_API_BASE', 'https://api.sandbox.paypal.com/'],
    ];
    for (const [name, url] of cases) {
      assertRefusedOnce({ [name]: url }, new RegExp(`^${name} points at a payment sandbox`), 'ALLOW_PAYMENT_SANDBOX');
    }
  });

  it('refuse with no payment settings at all: sandbox URLs and test credentials, every one listed', () => {
    const unset = Object.fromEntries(
      Object.keys(PRODUCTION_ENV)
        .filter((n) => /^(PAYFAST|CARD|PAYPAL)_/.test(n))
        .map((n) => [n, undefined]),
    );
    const refusals = refusalsWith(unset);
    const named = (variable: string) => refusals.filter((reason) => reason.startsWith(variable)).length;
    for (const variable of [
      'PAYFAST_PROCESS_URL',
      'PAYFAST_VALIDATE_URL',
      'CARD_POPUP_URL',
      'CARD_VERIFY_URL',
      'PAYPAL_API_BASE',
    ]) {
      assert.equal(named(variable), 1, `${variable}:\n${refusals.join('\n')}`);
    }
    for (const variable of [
      'PAYFAST_MERCHANT_ID',
      'PAYFAST_MERCHANT_KEY',
      'PAYFAST_PASSPHRASE',
      'CARD_PUBLIC_KEY',
      'CARD_SECRET_KEY',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_SECRET',
    ]) {
      assert.equal(named(variable), 1, `${variable}:\n${refusals.join('\n')}`);
    }
    assert.equal(refusals.length, 12);
    assert.deepEqual(refusalsWith({ ...unset, ALLOW_PAYMENT_SANDBOX: '1', ALLOW_TEST_CREDENTIALS: 'true' }), []);
  });

  it('refuse PayFast’s public test merchant, the built-in card/PayPal credentials and card test keys, one reason each', () => {
    const cases: Array<[string, string]> = [
      ['PAYFAST_MERCHANT_ID', '10000100'],
      ['PAYFAST_MERCHANT_KEY', '46f0cd694581a'],
      ['PAYFAST_PASSPHRASE', 'jt7NOE43FZPn'],
      ['CARD_PUBLIC_KEY', 'FLWPUBK_TEST-pod-sandbox-X'],
      ['CARD_SECRET_KEY', 'FLWSECK_TEST-pod-sandbox-X'],
      ['CARD_PUBLIC_KEY', 'FLWPUBK_TEST-0123456789abcdef-X'],
      ['CARD_SECRET_KEY', 'FLWSECK_TEST-0123456789abcdef-X'],
      ['PAYPAL_CLIENT_ID', 'pod-sandbox-client'],
      ['PAYPAL_SECRET', 'pod-sandbox-secret'],
    ];
    for (const [name, value] of cases) {
      assertRefusedOnce(
        { [name]: value },
        new RegExp(`^${name} is a (public )?test credential`),
        'ALLOW_TEST_CREDENTIALS',
      );
    }
    // The secret never appears in the message (it goes to logs).
    assert.doesNotMatch(refusalsWith({ PAYPAL_SECRET: 'pod-sandbox-secret' })[0]!, /pod-sandbox-secret/);
  });

  it('refuse a missing JWT_SECRET (the generated one lives in the database it protects)', () => {
    assertRefusedOnce({ JWT_SECRET: undefined }, /^JWT_SECRET is not set/, 'ALLOW_DATABASE_JWT_SECRET');
    assertRefusedOnce({ JWT_SECRET: '' }, /^JWT_SECRET is not set/, 'ALLOW_DATABASE_JWT_SECRET');
  });

  it('refuse a JWT_SECRET under 32 bytes or a known development secret', () => {
    assertRefusedOnce({ JWT_SECRET: 'x'.repeat(31) }, /^JWT_SECRET is 31 bytes long/, 'ALLOW_WEAK_JWT_SECRET');
    assertRefusedOnce({ JWT_SECRET: 'é'.repeat(15) }, /^JWT_SECRET is 30 bytes long/, 'ALLOW_WEAK_JWT_SECRET');
    assertRefusedOnce(
      { JWT_SECRET: 'test-only-secret-0123456789abcdef' },
      /^JWT_SECRET is a known development secret/,
      'ALLOW_WEAK_JWT_SECRET',
    );
    assertRefusedOnce(
      { JWT_SECRET: 'please-change-me-before-going-live!' },
      /^JWT_SECRET is a known development secret/,
      'ALLOW_WEAK_JWT_SECRET',
    );
    assert.deepEqual(refusalsWith({ JWT_SECRET: 'k'.repeat(32) }), [], '32 bytes are enough');
  });

  it('refuse DEV_MAILBOX=open', () => {
    assertRefusedOnce({ DEV_MAILBOX: 'open' }, /^DEV_MAILBOX=open/, 'ALLOW_DEV_MAILBOX');
  });

  it("refuse POD_PUSH_ALLOW_LOCAL_ENDPOINTS=1 (pushes into the server's own network)", () => {
    assertRefusedOnce(
      { POD_PUSH_ALLOW_LOCAL_ENDPOINTS: '1' },
      /^POD_PUSH_ALLOW_LOCAL_ENDPOINTS=1 lets any signed-in user/,
      'ALLOW_PUSH_LOCAL_ENDPOINTS',
    );
    assert.deepEqual(refusalsWith({ POD_PUSH_ALLOW_LOCAL_ENDPOINTS: '0' }), []);
  });

  it('refuse a PUBLIC_URL that users cannot reach or that is not https', () => {
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /^PUBLIC_URL is not set/],
      ['  ', /^PUBLIC_URL is not set/],
      ['portal.example.test', /is not a URL/],
      ['http://localhost:8080', /loopback address/],
      ['https://127.0.0.1', /loopback address/],
      ['https://[::1]:8443', /loopback address/],
      ['http://portal.example.test', /is not https/],
    ];
    for (const [value, pattern] of cases) assertRefusedOnce({ PUBLIC_URL: value }, pattern, 'ALLOW_LOCAL_PUBLIC_URL');
    assert.deepEqual(refusalsWith({ PUBLIC_URL: 'https://books.example.co.za/' }), []);
  });

  it('take only 1 or true as allowing', () => {
    for (const value of ['0', 'yes', '', 'false']) {
      assert.equal(refusalsWith({ DEV_MAILBOX: 'open', ALLOW_DEV_MAILBOX: value }).length, 1, value);
    }
    assert.deepEqual(refusalsWith({ DEV_MAILBOX: 'open', ALLOW_DEV_MAILBOX: ' TRUE ' }), []);
  });

  it('make buildApp refuse, listing every reason, before it opens a database', async () => {
    const env = { ...PRODUCTION_ENV, JWT_SECRET: undefined, DEV_MAILBOX: 'open', PAYFAST_MERCHANT_ID: undefined };
    await withEnv(env, async () => {
      await assert.rejects(
        // An unreachable PostgreSQL: if the check came after opening the database this would fail differently.
        buildApp({ specPath, database: { url: 'postgres://nobody@127.0.0.1:1/none' } }),
        (err: unknown) => {
          assert.ok(err instanceof ProductionRefusedError);
          assert.equal(err.reasons.length, 3);
          assert.match(err.message, /^Refusing to start with NODE_ENV=production:\n/);
          for (const name of ['JWT_SECRET', 'DEV_MAILBOX', 'PAYFAST_MERCHANT_ID'])
            assert.match(err.message, new RegExp(`\n  - ${name}`));
          return true;
        },
      );
    });
  });
});

describe('server start in production', () => {
  it('exits with code 1 and prints every reason', () => {
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    const { JWT_SECRET: _unused, ...env } = PRODUCTION_ENV;
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, ...env, PAYMENT_SANDBOX: 'on', DATA_DIR: 'memory://', PORT: '0', SEED_DEMO: '0' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /Refusing to start with NODE_ENV=production:/);
    assert.match(result.stderr, /- JWT_SECRET is not set/);
    assert.match(result.stderr, /- the payment sandboxes are served/);
  });
});

describe('DEV_MAILBOX', () => {
  it('is loopback by default, open when asked, and anything else stops the start', () => {
    assert.equal(loadConfig({}).devMailbox, 'loopback');
    assert.equal(loadConfig({ DEV_MAILBOX: ' Open ' }).devMailbox, 'open');
    assert.equal(loadConfig({ DEV_MAILBOX: 'loopback' }).devMailbox, 'loopback');
    assert.throws(() => loadConfig({ DEV_MAILBOX: 'yes' }), /DEV_MAILBOX must be/);
  });
});

describe('push settings (POD_VAPID_*, POD_PUSH_*)', () => {
  it('take a matching key pair, and stop the start on half a pair, a mismatched pair or a bad subject', () => {
    const keys = generateVapidKeys();
    const env = { POD_VAPID_PUBLIC_KEY: keys.publicKey, POD_VAPID_PRIVATE_KEY: keys.privateKey };
    assert.deepEqual(loadConfig(env).push.vapid, keys);
    assert.equal(loadConfig({}).push.vapid, undefined);
    assert.match(loadConfig({}).push.subject, /^mailto:/);
    assert.equal(loadConfig({ POD_PUSH_ALLOW_LOCAL_ENDPOINTS: '1' }).push.allowLocalEndpoints, true);
    assert.equal(loadConfig({}).push.allowLocalEndpoints, false);
    assert.throws(() => loadConfig({ POD_VAPID_PUBLIC_KEY: keys.publicKey }), /must be set together/);
    assert.throws(
      () => loadConfig({ ...env, POD_VAPID_PRIVATE_KEY: generateVapidKeys().privateKey }),
      (err: Error) => /POD_VAPID_PUBLIC_KEY must be/.test(err.message) && !err.message.includes(keys.privateKey),
    );
    assert.throws(() => loadConfig({ ...env, POD_VAPID_SUBJECT: 'support' }), /POD_VAPID_SUBJECT must be/);
    assert.equal(
      loadConfig({ ...env, POD_VAPID_SUBJECT: 'https://portal.example.test/contact' }).push.subject,
      'https://portal.example.test/contact',
    );
    assert.throws(() => loadConfig({ POD_PUSH_TIMEOUT_MS: '0' }), /POD_PUSH_TIMEOUT_MS/);
  });
});
