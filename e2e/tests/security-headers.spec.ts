import { expect, test } from './support/fixtures';

// The portal is served with its Content-Security-Policy and the other security headers, and the
// journeys' CSP guard (support/fixtures.ts) really notices a violation.

test('the portal page carries its security headers and loads the remotes without a CSP violation', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
  expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(headers['content-security-policy']).not.toMatch(/unsafe-eval/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The sign-in form comes from remote-account: the host, the federation runtime and a remote ran.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the CSP guard records a blocked inline script', async ({ page, cspViolations }) => {
  await page.route('**/csp-guard-probe', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'content-security-policy': "script-src 'none'" },
      body: '<!doctype html><html lang="en"><title>probe</title><script>document.title = "ran"</script></html>',
    }),
  );
  await page.goto('/csp-guard-probe');
  // Both sources report it: the page's securitypolicyviolation event and Chromium's console error.
  await expect
    .poll(() => [
      cspViolations.some((v) => v.startsWith('console:')),
      cspViolations.some((v) => !v.startsWith('console:')),
    ])
    .toEqual([true, true]);
  expect(await page.title()).toBe('probe');
  expect(cspViolations.join('\n')).toMatch(/script-src/);
  // Seen: empty the list so this journey's own teardown check passes.
  cspViolations.length = 0;
});
