import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createActiveAccount, DEMO, newAccount, signIn } from './support/accounts';
import { adminConsoleOk } from './support/admin';
import { deliverPushMessage, startFakePushService, useFakePushManager } from './support/push-service';

// The installable portal (issue 16): the web app manifest and its icons, the service worker that
// precaches the shell and caches the remotes' code (never an API answer), and a push
// notification from the admin console's `push test` reaching the signed-in browser.
// The other journeys block service workers (playwright.config.ts); these need one.
test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG');
  expect(bytes.subarray(12, 16).toString('latin1'), 'first chunk').toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The script URL of the active service worker once one is ready (the page registers it after its first render). */
function activeWorker(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
}

/** Reloads until the page is controlled by the service worker (the first load only installs it). */
async function untilControlled(page: Page): Promise<void> {
  await activeWorker(page);
  await expect(async () => {
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    }
  }).toPass({ timeout: 20_000 });
}

test('the manifest is installable and the service worker caches the shell, never the API', async ({
  page,
  request,
}) => {
  await test.step('the page links a manifest with PNG icons of the declared sizes', async () => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await request.get(href ?? '');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ name: 'Print on Demand', start_url: '/', display: 'standalone' });
    expect(typeof manifest.short_name).toBe('string');
    expect(typeof manifest.theme_color).toBe('string');
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const wanted of ['192x192', '512x512']) {
      expect(pngs.some((icon) => icon.sizes === wanted && (icon.purpose ?? 'any').includes('any'))).toBe(true);
    }
    expect(pngs.some((icon) => (icon.purpose ?? '').includes('maskable'))).toBe(true);
    for (const icon of pngs) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }
  });

  await test.step('the service worker /sw.js registers, is served no-cache, and controls the page', async () => {
    expect(await activeWorker(page)).toMatch(/\/sw\.js$/);
    const worker = await request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await untilControlled(page);
  });

  await test.step('signed in and browsing: remote code is cached, no API answer is', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your books', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your Books', level: 1 })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((entry) => new URL(entry.url).pathname));
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/remotes/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  });

  await test.step("API calls go to the network without waking the worker (its static route); the shell's files through it", async () => {
    await page.evaluate(async () => {
      await (await fetch('/api/v1/push/publickey')).text();
    });
    const sourceOf = (pattern: RegExp) =>
      page.evaluate(
        (source) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => new RegExp(source).test(new URL(entry.name).pathname))
            .map(
              (entry) =>
                (entry as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType,
            )
            .at(-1),
        pattern.source,
      );
    await expect.poll(() => sourceOf(/^\/api\/v1\/push\/publickey$/)).toBe('network');
    // The shell's own files match no static route ('': no rule matched): the worker's handler has them.
    expect(await sourceOf(/^\/remotes\.json$/)).toBe('');
  });
});

test("the admin console's test push reaches the subscribed browser as a notification", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const service = await startFakePushService();
  try {
    const account = newAccount('push');
    await createActiveAccount(request, account);
    await useFakePushManager(context, service);
    await context.grantPermissions(['notifications'], { origin: baseURL });

    await test.step('signed in with notifications allowed, the browser sends its subscription', async () => {
      const saved = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/v1/push/subscriptions' && response.request().method() === 'POST',
        { timeout: 30_000 },
      );
      await signIn(page, account.email, account.password, account.firstName);
      expect((await saved).status()).toBe(201);
      expect((await saved).request().postDataJSON()).toEqual({
        endpoint: service.endpoint,
        expirationTime: null,
        keys: service.keys,
      });
    });

    await test.step('push test: the server encrypts to the subscription and signs with VAPID', async () => {
      const output = await adminConsoleOk('push', 'test', account.email);
      expect(output).toContain('Sent a test notification to 1 of 1');
      expect(service.received).toHaveLength(1);
      const [message] = service.received;
      expect(message?.headers['content-encoding']).toBe('aes128gcm');
      expect(message?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
      expect(JSON.parse(message?.plaintext ?? '{}')).toMatchObject({ title: 'Test notification' });
    });

    await test.step('delivered to the service worker, it shows the notification', async () => {
      // A push message reaches only an activated worker: wait for it (the first one activates
      // just after it installs, which may still be under way right after signing in).
      await page.evaluate(async () => {
        const worker = (await navigator.serviceWorker.ready).active;
        if (!worker || worker.state === 'activated') return;
        await new Promise<void>((resolve) => {
          worker.addEventListener('statechange', () => {
            if (worker.state === 'activated') resolve();
          });
        });
      });
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => note.title),
        );
      await deliverPushMessage(page, service.received[0]?.plaintext ?? '');
      // DevTools' delivery is sometimes lost in headless Chromium (about one run in six, before
      // and after the worker's static routes): a push service delivers again, and so does this.
      await expect
        .poll(shown, { timeout: 5_000 })
        .toContain('Test notification')
        .catch(async () => {
          await deliverPushMessage(page, service.received[0]?.plaintext ?? '');
          await expect.poll(shown, { timeout: 10_000 }).toContain('Test notification');
        });
    });
  } finally {
    await service.close();
  }
});
