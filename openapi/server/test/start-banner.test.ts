import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadPaymentSettings } from '../src/payments/index.js';
import { exposedMailboxWarning, startWarnings } from '../src/start-banner.js';
import { PRODUCTION_ENV } from './helpers/production-env.js';

const ORIGIN = 'http://localhost:8080';
const demo = loadPaymentSettings({}, ORIGIN);
const real = loadPaymentSettings({ ...PRODUCTION_ENV, PAYMENT_SANDBOX: 'off' }, ORIGIN);

describe('start banner warnings', () => {
  it('name every sandbox that is on, and the dev mailbox with who may read it (npm start)', () => {
    const lines = startWarnings({ payments: demo, mailbox: 'loopback' });
    assert.equal(lines.length, 4, lines.join('\n'));
    assert.ok(
      lines.every((line) => line.startsWith('  WARNING  ')),
      lines.join('\n'),
    );
    assert.match(lines[0]!, /PayFast sandbox on \(\/sandbox\/payfast\)/);
    assert.match(lines[1]!, /Card sandbox on \(\/sandbox\/card\)/);
    assert.match(lines[2]!, /PayPal sandbox on \(\/sandbox\/paypal\)/);
    for (const line of lines.slice(0, 3)) assert.match(line, /no money moves/);
    assert.match(lines[3]!, /Dev mailbox on \(\/dev\/mailbox\), this machine only/);
  });

  it('say when the mailbox is open to every client', () => {
    const [line] = startWarnings({ payments: real, mailbox: 'open' });
    assert.match(line ?? '', /Dev mailbox on \(\/dev\/mailbox\), open to every client \(DEV_MAILBOX=open\)/);
  });

  it('name a provider whose payments go to a sandbox even when ours are not served', () => {
    const payfastSandbox = loadPaymentSettings(
      { ...PRODUCTION_ENV, PAYMENT_SANDBOX: 'off', PAYFAST_PROCESS_URL: 'https://sandbox.payfast.co.za/eng/process' },
      ORIGIN,
    );
    assert.deepEqual(startWarnings({ payments: payfastSandbox, mailbox: 'off' }), [
      '  WARNING  PayFast payments go to a sandbox (https://sandbox.payfast.co.za/eng/process): no money moves',
    ]);
  });

  it('are none for real providers without a mailbox', () => {
    assert.deepEqual(startWarnings({ payments: real, mailbox: 'off' }), []);
  });
});

describe('exposed mailbox warning', () => {
  it('warns only when an open mailbox listens beyond loopback', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'portal.example.test']) {
      assert.match(exposedMailboxWarning(host, 'open') ?? '', new RegExp(`HOST=${host.replace(/\./g, '\\.')}`), host);
      assert.equal(exposedMailboxWarning(host, 'loopback'), undefined);
      assert.equal(exposedMailboxWarning(host, 'off'), undefined);
    }
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.1.2.3']) {
      assert.equal(exposedMailboxWarning(host, 'open'), undefined, host);
    }
  });
});
