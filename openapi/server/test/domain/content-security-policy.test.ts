import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { originOf, portalContentSecurityPolicy, remoteOriginsOf } from '../../src/domain/content-security-policy.js';

/** The policy as a map of directive -> sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('content security policy', () => {
  const base = { remoteOrigins: [], formTargets: [], frameSources: [] };

  it('allows scripts from the portal only, never inline or eval, and is never framed', () => {
    const policy = directives(portalContentSecurityPolicy(base));
    assert.deepEqual(policy.get('default-src'), ["'self'"]);
    assert.deepEqual(policy.get('script-src'), ["'self'"]);
    assert.deepEqual(policy.get('style-src'), ["'self'"]);
    assert.deepEqual(policy.get('img-src'), ["'self'", 'data:', 'blob:']);
    assert.deepEqual(policy.get('connect-src'), ["'self'"]);
    assert.deepEqual(policy.get('worker-src'), ["'self'", 'blob:']);
    assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(policy.get('base-uri'), ["'self'"]);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    for (const sources of policy.values()) {
      assert.ok(!sources.includes("'unsafe-inline'") && !sources.includes("'unsafe-eval'"));
    }
  });

  it('lists remote origins for scripts, styles, images, fonts and fetches', () => {
    const policy = directives(
      portalContentSecurityPolicy({ ...base, remoteOrigins: ['https://cdn.example.com', 'https://cdn2.example.com'] }),
    );
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src']) {
      assert.ok(policy.get(name)!.includes('https://cdn.example.com'), name);
      assert.ok(policy.get(name)!.includes('https://cdn2.example.com'), name);
    }
    assert.deepEqual(policy.get('frame-src'), ["'self'"]);
  });

  it('lets the EFT form post to PayFast and the card page be framed, nothing else', () => {
    const policy = directives(
      portalContentSecurityPolicy({
        ...base,
        formTargets: ['https://sandbox.payfast.co.za'],
        frameSources: ['https://checkout.card.example'],
      }),
    );
    assert.deepEqual(policy.get('form-action'), ["'self'", 'https://sandbox.payfast.co.za']);
    assert.deepEqual(policy.get('frame-src'), ["'self'", 'https://checkout.card.example']);
    assert.deepEqual(policy.get('script-src'), ["'self'"]);
  });

  it('names each source once', () => {
    const policy = portalContentSecurityPolicy({
      remoteOrigins: ['https://cdn.example.com', 'https://cdn.example.com'],
      formTargets: ['http://localhost:8080', 'http://localhost:8080'],
      frameSources: [],
    });
    assert.equal(directives(policy).get('script-src')!.length, 2);
    assert.equal(directives(policy).get('form-action')!.length, 2);
  });
});

describe('remote origins of remotes.json', () => {
  it('takes the origin of absolute entries and ignores relative ones', () => {
    const config = {
      environment: 'staging',
      remotes: {
        remote_account: { entry: '/remotes/remote-account/1.0.0/mf-manifest.json', version: '1.0.0' },
        remote_library: { entry: 'https://cdn.example.com:8443/library/2.0.0/mf-manifest.json', version: '2.0.0' },
        remote_checkout: { entry: 'https://cdn.example.com:8443/checkout/mf-manifest.json', version: '1.0.0' },
      },
    };
    assert.deepEqual(remoteOriginsOf(config), ['https://cdn.example.com:8443']);
  });

  it("takes a canary's origin too: a share of browsers loads it", () => {
    const config = {
      remotes: {
        remote_account: {
          entry: '/remotes/remote-account/1.0.0/mf-manifest.json',
          version: '1.0.0',
          canary: { entry: 'https://canary.example.com/account/1.1.0/mf-manifest.json', version: '1.1.0', share: 10 },
        },
        remote_library: {
          entry: 'https://cdn.example.com/library/2.0.0/mf-manifest.json',
          version: '2.0.0',
          integrity: 'sha384-x',
          canary: { entry: '/remotes/remote-library/2.1.0/mf-manifest.json', version: '2.1.0', share: 5 },
        },
        remote_checkout: { entry: '/x/mf-manifest.json', canary: null },
        remote_wizard: { entry: '/y/mf-manifest.json', canary: { entry: 7 } },
      },
    };
    assert.deepEqual(remoteOriginsOf(config), ['https://canary.example.com', 'https://cdn.example.com']);
  });

  it('contributes nothing for malformed files or non-http entries', () => {
    assert.deepEqual(remoteOriginsOf(null), []);
    assert.deepEqual(remoteOriginsOf('text'), []);
    assert.deepEqual(remoteOriginsOf({ remotes: 3 }), []);
    assert.deepEqual(
      remoteOriginsOf({
        remotes: {
          a: { entry: 'javascript:alert(1)' },
          b: { entry: 42 },
          c: null,
          d: { entry: 'data:text/javascript,1' },
        },
      }),
      [],
    );
    assert.equal(originOf('not a url'), null);
  });
});
