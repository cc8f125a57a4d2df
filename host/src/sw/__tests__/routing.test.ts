import { cachingRuleFor, isApiPath, NETWORK_ROUTES, type RequestFacts } from '../routing';

const ORIGIN = 'https://portal.example';
const get = (path: string, mode = 'cors'): RequestFacts => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });

describe('cachingRuleFor', () => {
  it('never caches an API call, whatever its method, mode or path', () => {
    for (const path of ['/api', '/api/v1/user/getuserbooks', '/api/v1/push/publickey', '/api/v1/remotes.json']) {
      expect(cachingRuleFor(get(path), ORIGIN)).toBe('bypass');
      expect(cachingRuleFor(get(path, 'navigate'), ORIGIN)).toBe('bypass');
    }
    expect(cachingRuleFor({ url: `${ORIGIN}/api/v1/authO/login`, method: 'POST', mode: 'cors' }, ORIGIN)).toBe(
      'bypass',
    );
    expect(isApiPath('/apiary')).toBe(false);
    expect(cachingRuleFor(get('/apiary/x.js'), ORIGIN)).toBe('bypass');
  });

  it('answers page loads from the network with the precached shell as the fallback', () => {
    expect(cachingRuleFor(get('/dashboard', 'navigate'), ORIGIN)).toBe('navigation');
    expect(cachingRuleFor(get('/', 'navigate'), ORIGIN)).toBe('navigation');
    expect(cachingRuleFor(get('/books/12?tab=orders', 'navigate'), ORIGIN)).toBe('navigation');
  });

  it('revalidates remotes.json and every remote manifest and remoteEntry (network first)', () => {
    expect(cachingRuleFor(get('/remotes.json'), ORIGIN)).toBe('entry-point');
    expect(cachingRuleFor(get('/remotes/remote-library/0.1.0/mf-manifest.json'), ORIGIN)).toBe('entry-point');
    expect(cachingRuleFor(get('/remotes/remote-account/1.3.0-rc.1/remoteEntry.js'), ORIGIN)).toBe('entry-point');
  });

  it("caches the remotes' other files by URL (cache first)", () => {
    expect(cachingRuleFor(get('/remotes/remote-library/0.1.0/src_app_tsx.0123abcd4567.js'), ORIGIN)).toBe(
      'remote-chunk',
    );
    expect(cachingRuleFor(get('/remotes/remote-wizard/2.0.1/main.89ab01cd.css'), ORIGIN)).toBe('remote-chunk');
  });

  it('leaves other origins, other methods and unlisted files of the origin to the browser', () => {
    expect(cachingRuleFor({ ...get('/remotes/x/1.0.0/a.1234abcd.js'), method: 'HEAD' }, ORIGIN)).toBe('bypass');
    expect(cachingRuleFor(get('/remotes/x/1.0.0/a.1234abcd.js'), 'https://other.example')).toBe('bypass');
    expect(
      cachingRuleFor({ url: 'https://cdn.example/remotes/x/1.0.0/a.js', method: 'GET', mode: 'no-cors' }, ORIGIN),
    ).toBe('bypass');
    expect(cachingRuleFor(get('/sw.js'), ORIGIN)).toBe('bypass');
    expect(cachingRuleFor(get('/assets/flags/ZA.svg', 'no-cors'), ORIGIN)).toBe('bypass');
  });
});

describe('NETWORK_ROUTES (the static routes that skip the worker)', () => {
  /** A URLPattern pathname made only of literal characters and `*` (any run), as a RegExp. */
  const pathnameMatcher = (pattern: string) => {
    expect(pattern).toMatch(/^[/a-z0-9*-]+$/);
    return new RegExp(`^${pattern.split('*').join('.*')}$`);
  };
  const routed = (path: string) =>
    NETWORK_ROUTES.some((route) => pathnameMatcher(route.condition.urlPattern.pathname).test(path));

  it('send every API call to the network, uploads included', () => {
    expect(NETWORK_ROUTES.every((route) => route.source === 'network')).toBe(true);
    for (const path of ['/api/v1/session/v2/packet', '/api/v1/user/getuserbooks', '/api/v1/authO/login']) {
      expect(routed(path)).toBe(true);
    }
  });

  it('route only requests the fetch handler would bypass: never a page, the shell or a remote', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/index.html',
      '/remotes.json',
      '/remotes/remote-library/0.1.0/remoteEntry.js',
      '/apiary/x.js',
    ]) {
      expect(routed(path)).toBe(false);
    }
    for (const path of ['/api/v1/user/getuserbooks', '/api/v1/remotes.json', '/api/x']) {
      expect(routed(path)).toBe(true);
      expect(cachingRuleFor(get(path), ORIGIN)).toBe('bypass');
      expect(cachingRuleFor(get(path, 'navigate'), ORIGIN)).toBe('bypass');
    }
  });
});
