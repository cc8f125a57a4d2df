import type { Response } from '@playwright/test';
import { expect, test } from './support/fixtures';

// A real page load gets compressed bytes: the builds' precompressed scripts (.br beside each
// bundle) and the runtime configuration, which the server compresses as it answers it.

/** Smaller files are sent as they are (the builds' and the server's threshold). */
const THRESHOLD = 1024;

test('a cold load of /login gets brotli scripts and a brotli remotes.json', async ({ page }) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));

  await page.goto('/login');
  // The sign-in form comes from remote-account: host bundles, remotes.json and a remote all loaded.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const origin = new URL(page.url()).origin;
  const sameOrigin = responses.filter((response) => response.url().startsWith(origin) && response.status() === 200);

  const remotesJson = sameOrigin.find((response) => new URL(response.url()).pathname === '/remotes.json');
  expect(remotesJson, 'the host fetched /remotes.json').toBeDefined();
  const remotesHeaders = await remotesJson!.allHeaders();
  expect(remotesHeaders['content-encoding']).toBe('br');
  expect(remotesHeaders.vary).toMatch(/accept-encoding/i);
  expect(await remotesJson!.json()).toHaveProperty('remotes');

  const scripts = sameOrigin.filter((response) => /\.m?js$/.test(new URL(response.url()).pathname));
  const big: Response[] = [];
  for (const script of scripts) {
    if ((await script.body()).length >= THRESHOLD) big.push(script);
  }
  // The host's main bundle and remote-account's remoteEntry.js at least.
  expect(big.map((script) => new URL(script.url()).pathname)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/main\.[0-9a-f]+\.js$/),
      expect.stringMatching(/remoteEntry\.js$/),
    ]),
  );
  for (const script of big) {
    const headers = await script.allHeaders();
    expect(headers['content-encoding'], script.url()).toBe('br');
    expect(headers['content-type'], script.url()).toMatch(/javascript/);
  }
});
