import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { hashRecoveryCode, newRecoveryCodes, passwordFingerprint, readCode } from '../../src/domain/two-factor.js';
import { describeBrowser } from '../../src/domain/user-agent.js';
import { createSecretBox } from '../../src/plugins/external/secret-box.js';

describe('two-factor codes', () => {
  it('reads 6 digits (spaces ignored) as an authenticator code', () => {
    assert.deepEqual(readCode('123456'), { kind: 'totp', token: '123456' });
    assert.deepEqual(readCode(' 123 456 '), { kind: 'totp', token: '123456' });
    assert.deepEqual(readCode('12345'), { kind: 'invalid' });
    assert.deepEqual(readCode('1234567'), { kind: 'invalid' });
    assert.deepEqual(readCode(''), { kind: 'invalid' });
  });

  it('reads recovery codes without case, hyphens or spaces, i/l as 1 and o as 0', () => {
    const expected = { kind: 'recovery', code: '0123456789abcdef' };
    assert.deepEqual(readCode('0123-4567-89ab-cdef'), expected);
    assert.deepEqual(readCode('O123 4567 89AB CDEF'), expected);
    assert.deepEqual(readCode('ol23456789abcdef'), expected);
    assert.deepEqual(readCode('0123-4567-89ab-cdeu'), { kind: 'invalid' }, 'u is not in the alphabet');
    assert.deepEqual(readCode('0123-4567-89ab-cde'), { kind: 'invalid' });
  });

  it('makes 10 distinct recovery codes of 16 symbols that read back as themselves', () => {
    const codes = newRecoveryCodes();
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    for (const code of codes) {
      assert.match(code, /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
      assert.equal(readCode(code).kind, 'recovery');
      assert.equal(hashRecoveryCode(code), hashRecoveryCode(code.toUpperCase().replace(/-/g, ' ')));
    }
    assert.notEqual(hashRecoveryCode(codes[0]!), hashRecoveryCode(codes[1]!));
  });

  it('fingerprints a password hash so that another hash gives another fingerprint', () => {
    assert.equal(passwordFingerprint('$argon2id$a'), passwordFingerprint('$argon2id$a'));
    assert.notEqual(passwordFingerprint('$argon2id$a'), passwordFingerprint('$argon2id$b'));
  });
});

describe('secret box (TOTP secrets at rest)', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, in the same context only', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'totp-secret:7');
    assert.match(sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.ok(!sealed.includes('JBSWY3DP'));
    assert.equal(box.open(sealed, 'totp-secret:7'), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    assert.equal(box.open(sealed, 'totp-secret:8'), undefined);
    assert.notEqual(box.seal('same', 'c'), box.seal('same', 'c'), 'a fresh IV each time');
  });

  it('refuses altered, truncated, malformed or differently keyed values', () => {
    const sealed = box.seal('secret', 'c');
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flipped = ciphertext.slice(0, -1) + (ciphertext.endsWith('A') ? 'B' : 'A');
    assert.equal(box.open(`${version}.${iv}.${tag}.${flipped}`, 'c'), undefined);
    assert.equal(box.open(`${version}.${iv}.${tag}`, 'c'), undefined);
    assert.equal(box.open(`v2.${iv}.${tag}.${ciphertext}`, 'c'), undefined);
    assert.equal(box.open('garbage', 'c'), undefined);
    assert.equal(createSecretBox(randomBytes(32)).open(sealed, 'c'), undefined);
  });
});

describe('describeBrowser', () => {
  const cases: [string, string][] = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome 126 on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
      'Edge 126 on Windows',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128 on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari 17 on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 25 on Android',
    ],
    ['curl/8.5.0', 'An unknown browser'],
    ['Mozilla/5.0 (Windows NT 10.0) SomethingNew/1.0', 'An unknown browser on Windows'],
  ];
  for (const [userAgent, expected] of cases) {
    it(`reads "${expected}"`, () => assert.equal(describeBrowser(userAgent), expected));
  }
  it('says so when there is no User-Agent', () => assert.equal(describeBrowser(undefined), 'An unknown browser'));
});
