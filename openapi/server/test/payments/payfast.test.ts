import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { describe, it } from 'node:test';
import {
  createPayFastGateway,
  PAYFAST_FORM_FIELD_ORDER,
  payfastParamString,
  payfastSignature,
  pfEncode,
} from '../../src/payments/payfast.js';
import { ProviderError } from '../../src/payments/provider-error.js';
import type { FormPairs, PayFastSettings } from '../../src/payments/types.js';
import { ORIGIN, paymentRequest, recordingHttp, unreachableHttp } from './payment-fixtures.js';

/** PayFast's published sandbox merchant (developer documentation, "Sandbox credentials"). */
const SANDBOX_MERCHANT: PayFastSettings = {
  merchantId: '10000100',
  merchantKey: '46f0cd694581a',
  passphrase: 'jt7NOE43FZPn',
  processUrl: `${ORIGIN}/sandbox/payfast/eng/process`,
  validateUrl: `${ORIGIN}/sandbox/payfast/eng/query/validate`,
  allowedSources: ['127.0.0.1', '::1'],
};

const gateway = (settings: Partial<PayFastSettings> = {}, http = recordingHttp().http) =>
  createPayFastGateway({ ...SANDBOX_MERCHANT, ...settings }, http);

/**
 * A checkout form of this portal, signed by hand: the parameter string below was written out
 * from PayFast's rule (documented field order, PHP urlencode, `&passphrase=` last) and hashed with
 * `printf '%s' "$S" | md5sum` in bash, not with this code. PayFast's pages we could consult show
 * no worked example with its expected hash, hence this one; the third-party vectors below are
 * independent checks of the same rule.
 */
const HAND_SIGNED = {
  pairs: [
    ['merchant_id', '10000100'],
    ['merchant_key', '46f0cd694581a'],
    ['return_url', 'https://portal.example.test/checkout/success?token=abc&id=7&tref=TX-7'],
    ['cancel_url', 'https://portal.example.test/checkout/cancelled?token=abc&id=7&tref=TX-7'],
    ['notify_url', 'https://portal.example.test/api/v1/payment/payfast/notify'],
    ['name_first', 'Lerato'],
    ['name_last', 'Mokoena'],
    ['email_address', 'lerato@example.test'],
    ['m_payment_id', 'TX-7'],
    ['amount', '243.85'],
    ['item_name', 'Print order #7'],
    ['item_description', '2 books (paperback) ~ * é'],
  ] as Array<[string, string]>,
  paramString:
    'merchant_id=10000100&merchant_key=46f0cd694581a' +
    '&return_url=https%3A%2F%2Fportal.example.test%2Fcheckout%2Fsuccess%3Ftoken%3Dabc%26id%3D7%26tref%3DTX-7' +
    '&cancel_url=https%3A%2F%2Fportal.example.test%2Fcheckout%2Fcancelled%3Ftoken%3Dabc%26id%3D7%26tref%3DTX-7' +
    '&notify_url=https%3A%2F%2Fportal.example.test%2Fapi%2Fv1%2Fpayment%2Fpayfast%2Fnotify' +
    '&name_first=Lerato&name_last=Mokoena&email_address=lerato%40example.test&m_payment_id=TX-7&amount=243.85' +
    '&item_name=Print+order+%237&item_description=2+books+%28paperback%29+%7E+%2A+%C3%A9',
  withPassphrase: 'c7ac6e67bda14074c9e7c49102273095',
  withoutPassphrase: 'f334ac0e0cc1ee4f4a85f6e9707f69ac',
};

/**
 * Third-party vectors from django-payfast's test suite
 * (https://github.com/PiDelport/django-payfast/blob/master/payfast/tests.py): a checkout form
 * with Cyrillic text and parentheses (no passphrase), the same with blank names, and a
 * "known good" ITN as PayFast's sandbox posted it (its buyer is the sandbox user
 * sbtu01@payfast.co.za). The ITN shows PayFast's ITN rule: its signature covers the blank fields too.
 */
const DJANGO_CHECKOUT: Array<[string, string]> = [
  ['merchant_id', '10000100'],
  ['merchant_key', '46f0cd694581a'],
  ['notify_url', 'http://127.0.0.1:8000/payfast/notify/'],
  ['name_first', 'Вася'],
  ['name_last', 'Пупников'],
  ['m_payment_id', '23'],
  ['amount', '234'],
  ['item_name', 'Payment (Планета суши). ID:272-15'],
];

const KNOWN_GOOD_ITN: Array<[string, string]> = [
  ['m_payment_id', ''],
  ['pf_payment_id', '558900'],
  ['payment_status', 'COMPLETE'],
  ['item_name', 'Flux capacitor'],
  ['item_description', ''],
  ['amount_gross', '123.00'],
  ['amount_fee', '-2.80'],
  ['amount_net', '120.20'],
  ['custom_str1', ''],
  ['custom_str2', ''],
  ['custom_str3', ''],
  ['custom_str4', ''],
  ['custom_str5', ''],
  ['custom_int1', ''],
  ['custom_int2', ''],
  ['custom_int3', ''],
  ['custom_int4', ''],
  ['custom_int5', ''],
  ['name_first', 'Test'],
  ['name_last', 'User 01'],
  ['email_address', 'sbtu01@payfast.co.za'],
  ['merchant_id', '10000100'],
  ['signature', '94b05677771813701468289ed3cabed1'],
];

const withValue = (pairs: Array<[string, string]>, name: string, value: string): Array<[string, string]> =>
  pairs.map(([n, v]) => [n, n === name ? value : v]);

describe('pfEncode (PHP urlencode)', () => {
  it('encodes spaces as + and everything but A-Z a-z 0-9 - _ . as upper-case %XX', () => {
    assert.equal(pfEncode('Print order 7'), 'Print+order+7');
    assert.equal(pfEncode('AZaz09-_.'), 'AZaz09-_.');
    assert.equal(pfEncode('~'), '%7E');
    assert.equal(pfEncode('*'), '%2A');
    assert.equal(pfEncode('('), '%28');
    assert.equal(pfEncode(')'), '%29');
    assert.equal(pfEncode('@'), '%40');
    assert.equal(pfEncode("!'"), '%21%27');
    assert.equal(pfEncode('+/%&=#?:'), '%2B%2F%25%26%3D%23%3F%3A');
    assert.equal(pfEncode('https://x.test/a?b=c d'), 'https%3A%2F%2Fx.test%2Fa%3Fb%3Dc+d');
  });

  it('encodes unicode as its UTF-8 bytes and never throws', () => {
    assert.equal(pfEncode('é'), '%C3%A9');
    assert.equal(pfEncode('€'), '%E2%82%AC');
    assert.equal(pfEncode('Вася'), '%D0%92%D0%B0%D1%81%D1%8F');
    assert.equal(pfEncode('📚'), '%F0%9F%93%9A');
    assert.equal(pfEncode('\ud800'), '%EF%BF%BD', 'a lone surrogate becomes U+FFFD');
    assert.equal(pfEncode(''), '');
  });
});

describe('PayFast signature', () => {
  it('matches the hand-computed vector, with and without the passphrase', () => {
    assert.equal(payfastParamString(HAND_SIGNED.pairs), HAND_SIGNED.paramString);
    assert.equal(
      payfastParamString(HAND_SIGNED.pairs, 'jt7NOE43FZPn'),
      `${HAND_SIGNED.paramString}&passphrase=jt7NOE43FZPn`,
    );
    assert.equal(payfastSignature(HAND_SIGNED.pairs, 'jt7NOE43FZPn'), HAND_SIGNED.withPassphrase);
    assert.equal(payfastSignature(HAND_SIGNED.pairs, ''), HAND_SIGNED.withoutPassphrase);
  });

  it('matches the django-payfast checkout vectors (unicode, parentheses, blank fields skipped)', () => {
    assert.equal(payfastSignature(DJANGO_CHECKOUT, ''), '481366608545707be67c6514386b3fb1');
    const noFirst = withValue(DJANGO_CHECKOUT, 'name_first', '');
    assert.equal(payfastSignature(noFirst, ''), '6551205f0fee13cf09174b0b887ec5b3');
    assert.equal(payfastSignature(withValue(noFirst, 'name_last', ''), ''), '8f6435965cd9b00a9a965d93fc6c4c48');
  });

  it('skips blank values, trims the others, leaves out signature and keeps the given order', () => {
    const pairs: FormPairs = [
      ['merchant_id', ' 10000100 '],
      ['name_first', ''],
      ['name_last', '   '],
      ['signature', 'ignored'],
      ['amount', '5.00'],
      ['item_name', 'A & B'],
    ];
    assert.equal(payfastParamString(pairs), 'merchant_id=10000100&amount=5.00&item_name=A+%26+B');
    assert.equal(
      payfastParamString(pairs, ' salt '),
      'merchant_id=10000100&amount=5.00&item_name=A+%26+B&passphrase=salt',
    );
    assert.equal(
      payfastParamString(pairs, '   '),
      'merchant_id=10000100&amount=5.00&item_name=A+%26+B',
      'a blank passphrase is none',
    );
    assert.equal(
      payfastParamString(pairs, '', { asReceived: true }),
      'merchant_id=+10000100+&name_first=&name_last=+++&amount=5.00&item_name=A+%26+B',
      'the ITN rule keeps every pair as received',
    );
    assert.match(payfastSignature(pairs, 'salt'), /^[0-9a-f]{32}$/);
  });

  it('signs the known-good sandbox ITN over every posted pair, blank ones included', () => {
    assert.equal(payfastSignature(KNOWN_GOOD_ITN, '', { asReceived: true }), '94b05677771813701468289ed3cabed1');
    assert.notEqual(payfastSignature(KNOWN_GOOD_ITN, ''), '94b05677771813701468289ed3cabed1');
  });
});

describe('PayFast gateway', () => {
  it('builds the form in the documented order, signature last, blank fields left out', () => {
    const form = gateway().buildForm(paymentRequest({ itemDescription: '2 books (paperback) ~ * é' }));
    assert.equal(form.provider, 'eft');
    assert.equal(form.method, 'POST');
    assert.equal(form.display, 'redirect');
    assert.equal(form.action, `${ORIGIN}/sandbox/payfast/eng/process`);
    assert.deepEqual(Object.keys(form.fields), [...PAYFAST_FORM_FIELD_ORDER, 'signature']);
    assert.equal(form.fields.amount, '243.85');
    assert.equal(form.fields.m_payment_id, 'TX-7');

    // The same form as the hand-signed vector, but for the http:// origin: re-signing the fields
    // the gateway produced must give the gateway's signature.
    const pairs = Object.entries(form.fields).filter(([name]) => name !== 'signature');
    assert.equal(form.fields.signature, payfastSignature(pairs, 'jt7NOE43FZPn'));

    const https = gateway().buildForm(
      paymentRequest({
        returnUrl: 'https://portal.example.test/checkout/success?token=abc&id=7&tref=TX-7',
        cancelUrl: 'https://portal.example.test/checkout/cancelled?token=abc&id=7&tref=TX-7',
        notifyUrl: 'https://portal.example.test/api/v1/payment/payfast/notify',
        itemDescription: '2 books (paperback) ~ * é',
      }),
    );
    assert.equal(https.fields.signature, HAND_SIGNED.withPassphrase);

    const sparse = gateway().buildForm(
      paymentRequest({
        itemDescription: '  ',
        customer: { firstName: 'Lerato', lastName: '', email: 'l@example.test' },
      }),
    );
    assert.deepEqual(Object.keys(sparse.fields), [
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'signature',
    ]);
  });

  it('keeps fields within PayFast’s lengths', () => {
    const form = gateway().buildForm(paymentRequest({ itemName: 'x'.repeat(150), itemDescription: 'é'.repeat(300) }));
    assert.equal(form.fields.item_name, 'x'.repeat(100));
    assert.equal(Array.from(form.fields.item_description ?? '').length, 255);
  });

  it('verifies a signature, and refuses a tampered amount, a missing or doubled signature and another passphrase', () => {
    const eft = gateway();
    const pairs = Object.entries(eft.buildForm(paymentRequest()).fields);
    assert.equal(eft.verifySignature(pairs), true);
    assert.equal(
      eft.verifySignature(withValue(pairs, 'signature', pairs.at(-1)![1].toUpperCase())),
      true,
      'hex in either case',
    );
    assert.equal(eft.verifySignature(withValue(pairs, 'amount', '1.00')), false);
    assert.equal(eft.verifySignature(pairs.filter(([name]) => name !== 'signature')), false);
    assert.equal(eft.verifySignature([...pairs, ['signature', pairs.at(-1)![1]]]), false);
    assert.equal(gateway({ passphrase: 'other' }).verifySignature(pairs), false);
  });

  it('verifies the known-good sandbox ITN (no passphrase), blank fields and all', () => {
    const eft = gateway({ passphrase: '' });
    assert.equal(eft.verifySignature(KNOWN_GOOD_ITN), true);
    assert.equal(eft.verifySignature(withValue(KNOWN_GOOD_ITN, 'amount_gross', '124.00')), false);
    assert.equal(eft.verifySignature(withValue(KNOWN_GOOD_ITN, 'custom_str1', 'x')), false);
  });

  describe('isAllowedSource', () => {
    it('allows exact IPs and IPv4 CIDRs, IPv4-mapped IPv6 as IPv4', async () => {
      const eft = gateway({ allowedSources: ['197.97.145.144/28', '41.74.179.194', '2001:db8::/32'] });
      assert.equal(await eft.isAllowedSource('197.97.145.144'), true);
      assert.equal(await eft.isAllowedSource('197.97.145.159'), true);
      assert.equal(await eft.isAllowedSource('197.97.145.143'), false);
      assert.equal(await eft.isAllowedSource('197.97.145.160'), false);
      assert.equal(await eft.isAllowedSource('41.74.179.194'), true);
      assert.equal(await eft.isAllowedSource('41.74.179.195'), false);
      assert.equal(await eft.isAllowedSource('::ffff:41.74.179.194'), true);
      assert.equal(await eft.isAllowedSource('::FFFF:197.97.145.150'), true);
      assert.equal(await eft.isAllowedSource('2001:db8::5'), true);
      assert.equal(await eft.isAllowedSource('not an address'), false);
      assert.equal(await eft.isAllowedSource(''), false);
    });

    it('allows loopback only when listed (the default lists 127.0.0.1 and ::1)', async () => {
      const listed = gateway();
      assert.equal(await listed.isAllowedSource('127.0.0.1'), true);
      assert.equal(await listed.isAllowedSource('::ffff:127.0.0.1'), true);
      assert.equal(await listed.isAllowedSource('::1'), true);
      assert.equal(await listed.isAllowedSource('0:0:0:0:0:0:0:1'), true);
      assert.equal(await listed.isAllowedSource('127.0.0.2'), false);
      assert.equal(await listed.isAllowedSource('10.0.0.1'), false);

      const payfastOnly = gateway({ allowedSources: ['197.97.145.144/28'] });
      assert.equal(await payfastOnly.isAllowedSource('127.0.0.1'), false);
      assert.equal(await payfastOnly.isAllowedSource('::1'), false);
      assert.equal(await payfastOnly.isAllowedSource('::ffff:127.0.0.1'), false);

      const range = gateway({ allowedSources: ['127.0.0.0/8'] });
      assert.equal(await range.isAllowedSource('127.1.2.3'), true);
    });

    it('resolves host names at check time', async () => {
      const eft = gateway({ allowedSources: ['localhost'] });
      const addresses = (await lookup('localhost', { all: true })).map((entry) => entry.address);
      assert.equal(await eft.isAllowedSource('127.0.0.1'), addresses.includes('127.0.0.1'));
      assert.equal(await eft.isAllowedSource('192.0.2.1'), false);
    });
  });

  describe('validate', () => {
    it('posts every received pair but the signature, in order, without the passphrase; true only on VALID', async () => {
      const { http, calls } = recordingHttp(() => ({ status: 200, body: 'VALID\n' }));
      const eft = gateway({}, http);
      assert.equal(await eft.validate(KNOWN_GOOD_ITN), true);
      assert.equal(calls.length, 1);
      const [call] = calls as [(typeof calls)[0]];
      assert.equal(call.url, SANDBOX_MERCHANT.validateUrl);
      assert.equal(call.method, 'POST');
      assert.equal(call.headers['content-type'], 'application/x-www-form-urlencoded');
      assert.equal(call.body, payfastParamString(KNOWN_GOOD_ITN, '', { asReceived: true }));
      assert.match(call.body ?? '', /^m_payment_id=&pf_payment_id=558900&payment_status=COMPLETE&/);
      assert.match(call.body ?? '', /&name_last=User\+01&email_address=sbtu01%40payfast.co.za&merchant_id=10000100$/);
      assert.doesNotMatch(call.body ?? '', /signature|passphrase/);
    });

    it('is false for INVALID, another answer or a 4xx', async () => {
      const answers = [
        { status: 200, body: 'INVALID' },
        { status: 200, body: 'VALIDATED' },
        { status: 404, body: '' },
      ];
      for (const answer of answers) {
        assert.equal(
          await gateway({}, recordingHttp(() => answer).http).validate(KNOWN_GOOD_ITN),
          false,
          JSON.stringify(answer),
        );
      }
    });

    it('throws ProviderError when the provider cannot answer (unreachable, 5xx): the ITN is retried, not refused', async () => {
      const isProviderError = (err: unknown) => err instanceof ProviderError;
      await assert.rejects(
        gateway({}, recordingHttp(() => ({ status: 500, body: 'VALID' })).http).validate(KNOWN_GOOD_ITN),
        isProviderError,
      );
      await assert.rejects(gateway({}, unreachableHttp).validate(KNOWN_GOOD_ITN), isProviderError);
    });
  });
});
