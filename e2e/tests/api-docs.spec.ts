import { expect, test } from './support/fixtures';

// The API reference (openapi/server, API_DOCS; on here, as the servers run NODE_ENV=test) shows
// portal.yaml in Swagger UI under the portal's own Content-Security-Policy: the fixture fails the
// journey on any violation, so a library update that needs an inline script or style shows here.

test('the API reference renders the contract without a CSP violation', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  const policy = response!.headers()['content-security-policy'];
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);

  await expect(page.getByRole('heading', { name: /Print on Demand self-publishing portal API/ })).toBeVisible();
  // An operation of the contract, rendered from /api/docs/portal.yaml.
  await expect(page.getByRole('button', { name: /\/authO\/login/ }).first()).toBeVisible();
});
