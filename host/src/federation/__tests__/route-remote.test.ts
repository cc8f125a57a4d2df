import { matchAppRoute, ROUTES } from '@pod/shared-contracts';
import { patternMatches, remoteForPath } from '../route-remote';

describe('remoteForPath', () => {
  it.each([
    ['/login', 'remote_account'],
    ['/register/step-2', 'remote_account'],
    ['/dashboard', 'remote_library'],
    ['/books/local/12', 'remote_library'],
    ['/orders/', 'remote_library'],
    ['/checkout/cart', 'remote_checkout'],
    ['/new-book/general-info', 'remote_wizard'],
    ['/my-first-book', 'remote_wizard'],
  ])('maps %s to %s', (pathname, remote) => {
    expect(remoteForPath(pathname)).toBe(remote);
  });

  it.each(['/', '/tab-error', '/nowhere', '/books/local', '/books/local/12/extra', '/loginx'])(
    'preloads no remote for %s (the host renders it)',
    (pathname) => {
      expect(remoteForPath(pathname)).toBeNull();
    },
  );

  // The entry chunk cannot use react-router: its matcher must agree with matchAppRoute.
  const samples = [
    ...ROUTES.flatMap((route) => [
      route.pattern.replace('/*', '/x/y').replace(/:[a-z]+/g, '7'),
      route.pattern.replace('/*', ''),
      `${route.pattern.replace('/*', '')}/`,
      route.pattern.replace(/:[a-z]+/g, 'a').toUpperCase(),
    ]),
    '/books/local',
    '/books//12',
    '/checkoutx',
    '/%6Cogin',
    '/unknown/deep/path',
  ];
  it.each(samples)('matches %s as react-router does', (pathname) => {
    const expected = matchAppRoute(pathname);
    const route = ROUTES.find((candidate) => patternMatches(candidate.pattern, pathname));
    expect(route?.pattern).toBe(expected?.pattern);
  });
});
