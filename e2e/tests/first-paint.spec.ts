import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, logOutButton, signIn } from './support/accounts';
import { REPO_ROOT, STATIC_ROOT } from './support/paths';

/** The cookie the session code keeps beside a stored user; the server pre-renders signed-in pages for it. */
const SIGNED_IN_HINT = 'pod-signed-in';

/** The signed-in pages the host's build pre-renders, with their headings (host/src/prerender). */
const shellPages = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'host', 'src', 'prerender', 'shell-pages.json'), 'utf8'),
) as {
  links: Array<{ to: string; label: string }>;
  pages: Record<string, string>;
};

// First paint and federation loading (issue 18): /login is painted from HTML, and so are a
// signed-in browser's pages (the shell and the page's heading), remotes.json and the route's
// remote are asked for before the host's scripts have run, and the page carries one federation
// runtime (the host's), not one more in every remoteEntry.js.

interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
  encodedBodySize: number;
}

async function resourceTimings(page: Page): Promise<Timing[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const { name, startTime, responseEnd, transferSize, encodedBodySize } = entry as PerformanceResourceTiming;
      return { name: new URL(name).pathname, startTime, responseEnd, transferSize, encodedBodySize };
    }),
  );
}

/** A string of @module-federation/runtime-core's logger, in every bundle that carries the runtime. */
const RUNTIME_MARKER = '[ Federation Runtime ]';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/login shows the sign-in heading from the HTML; /dashboard shows no sign-in card', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByText('Sign in to manage your books, orders and royalties.')).toBeVisible();
    // Lighthouse's SEO audit: every page of the portal describes itself.
    const description = page.locator('head meta[name="description"]');
    await expect(description).toHaveAttribute('content', /^Print on Demand: self-publish your book/);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
    await expect(description).toHaveAttribute('content', /^Print on Demand: self-publish your book/);
  });

  test("a signed-in browser's /dashboard paints the shell and its heading; without the hint, nothing", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await context.addCookies([{ name: SIGNED_IN_HINT, value: '1', url: baseURL ?? '' }]);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link')).toHaveCount(shellPages.links.length);
    // Nothing personal in it: the greeting, balance and cart come with React.
    await expect(page.getByText(/Welcome|Balance|R\s?\d/)).toHaveCount(0);
  });
});

test("a signed-in user's pages are painted from the HTML, then React takes over with the same heading", async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  const hint = async () => (await context.cookies()).find((cookie) => cookie.name === SIGNED_IN_HINT)?.value;
  expect(await hint(), 'the signed-in hint cookie after signing in').toBe('1');

  for (const [pagePath, title] of Object.entries(shellPages.pages)) {
    await test.step(`${pagePath}: '${title}' from the HTML, then from React`, async () => {
      const response = await page.goto(pagePath);
      const html = (await response?.text()) ?? '';
      expect(html, `${pagePath} answered with its pre-rendered shell`).toContain(`<h1>${title}</h1>`);
      expect(html).toContain(`data-path=${pagePath}`);
      await expect(page.locator('#pod-prerender')).toHaveCount(0);
      // One heading: React's, with the words the pre-render showed (a wrong title fails here).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  }

  await test.step('logging out removes the hint: /dashboard then answers the plain page', async () => {
    await page.goto('/dashboard');
    await logOutButton(page).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(await hint()).toBeUndefined();
    const html = await (await page.request.get('/dashboard', { headers: { accept: 'text/html' } })).text();
    expect(html).not.toContain('pod-prerender');
  });
});

test('the pre-rendered /login gives way to the real form, with one heading and nothing shifted', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { podShifts: number[] }).podShifts = shifts;
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toHaveCount(1);
  await expect(page.locator('#pod-prerender')).toHaveCount(0);
  const shift = await page.evaluate(() =>
    (window as unknown as { podShifts: number[] }).podShifts.reduce((sum, value) => sum + value, 0),
  );
  expect(shift, 'cumulative layout shift while React took over').toBeLessThan(0.1);
});

test('remotes.json and the route remote load at once, and the page has one federation runtime', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const timings = await resourceTimings(page);
  const named = (pattern: RegExp) => timings.filter((timing) => pattern.test(timing.name));

  await test.step('remotes.json: asked for once, from the HTML, before the host main bundle has arrived', async () => {
    const [config, ...again] = named(/^\/remotes\.json$/);
    const [main] = named(/^\/main\.[0-9a-f]+\.js$/);
    expect(config, 'remotes.json request').toBeDefined();
    expect(again, 'the preload answers the host fetch: no second request').toEqual([]);
    expect(main, 'the host main bundle').toBeDefined();
    expect(config!.startTime).toBeLessThan(main!.responseEnd);
  });

  await test.step('the host bundle is asked for after the pre-rendered card is painted', async () => {
    const [main] = named(/^\/main\.[0-9a-f]+\.js$/);
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    expect(paint, 'first contentful paint').not.toBeNull();
    expect(main!.startTime).toBeGreaterThanOrEqual(paint!);
    expect(named(/^\/after-paint\.[0-9a-f]+\.js$/)).toHaveLength(1);
  });

  await test.step("the account remote's manifest and remoteEntry.js: one request each", async () => {
    expect(named(/^\/remotes\/remote-account\/[^/]+\/mf-manifest\.json$/)).toHaveLength(1);
    expect(named(/^\/remotes\/remote-account\/[^/]+\/remoteEntry\.js$/)).toHaveLength(1);
  });

  await test.step('one federation runtime: only the host bundle carries it', async () => {
    const scripts = named(/\.js$/).map((timing) => timing.name);
    const carriers = await page.evaluate(
      async ({ urls, marker }) => {
        const found: string[] = [];
        for (const url of urls) if ((await (await fetch(url)).text()).includes(marker)) found.push(url);
        return found;
      },
      { urls: scripts, marker: RUNTIME_MARKER },
    );
    expect(carriers).toHaveLength(1);
    expect(carriers[0]).toMatch(/^\/main\.[0-9a-f]+\.js$/);
  });

  const jsBytes = named(/\.js$/).reduce((sum, timing) => sum + timing.encodedBodySize, 0);
  test.info().annotations.push({
    type: 'js-bytes-login',
    description: `${named(/\.js$/).length} scripts, ${Math.round(jsBytes / 1024)} KiB`,
  });
  console.log(
    `first-paint: /login loaded ${named(/\.js$/).length} scripts, ${Math.round(jsBytes / 1024)} KiB of JavaScript`,
  );
});

/** The published files of the host (the root, without remotes/) or of every version of a remote. */
function publishedScripts(app: string): string[] {
  if (app === 'host') return readdirSync(STATIC_ROOT).filter((file) => file.endsWith('.js'));
  const dir = path.join(STATIC_ROOT, 'remotes', app);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
}

test('pdf.js is published only by the remotes that show PDFs', () => {
  const withPdfjs = (app: string) => publishedScripts(app).some((file) => file.includes('pdfjs-dist'));
  expect(
    Object.fromEntries(
      ['host', 'remote-account', 'remote-checkout', 'remote-library', 'remote-wizard'].map((app) => [
        app,
        withPdfjs(app),
      ]),
    ),
  ).toEqual({
    host: false,
    'remote-account': true,
    'remote-checkout': false,
    'remote-library': true,
    'remote-wizard': true,
  });
});

test("signed-in pages other than the cart run none of remote-checkout's code until the cart is opened", async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  await page.goto('/books');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Books' })).toBeVisible();
  const cart = page.getByRole('banner').getByRole('button', { name: /^Cart \(\d+ items?\)$/ });
  await expect(cart).toBeVisible();
  await page.waitForLoadState('networkidle');
  const checkoutScripts = async () =>
    (await resourceTimings(page)).filter((timing) => /^\/remotes\/remote-checkout\/.+\.js$/.test(timing.name));
  expect(await checkoutScripts(), "remote-checkout's scripts before the cart is opened").toEqual([]);

  await cart.click();

  await expect(page.getByRole('banner').getByRole('link', { name: 'Checkout' })).toBeVisible();
  expect((await checkoutScripts()).map((timing) => timing.name)).toContainEqual(
    expect.stringMatching(/^\/remotes\/remote-checkout\/[^/]+\/remoteEntry\.js$/),
  );
});
