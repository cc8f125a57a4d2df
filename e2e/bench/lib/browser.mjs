// Browser timings in Chromium through Playwright: JS per route on a cold cache, react-dom
// copies, switching between remotes, the /orders list, the bulk CSV upload, and the static copy
// of /login that Lighthouse compares the real page with.
// page.evaluate bodies run in the page:
/* global document, window, location, history, requestAnimationFrame, MutationObserver, dispatchEvent, addEventListener, PopStateEvent */
import { chromium } from '@playwright/test';
import { CHROMIUM } from './paths.mjs';

/** Chromium as the journeys start it (e2e/playwright.config.ts). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** The cookie the session code sets beside a stored user (SIGNED_IN_HINT_COOKIE, shared-contracts/src/constants). */
const SIGNED_IN_HINT_COOKIE = 'pod-signed-in';

/** The localStorage keys the portal keeps its session in (shared-contracts/src/session/storage.ts). */
const SESSION_KEYS = ['access-token', 'refresh-token', 'currentUser'];

/**
 * Signs in through /login like a person and returns the session: `storage`, [key, value] pairs
 * of localStorage (only the session keys: the tab guard's own keys would make the next tab a
 * second tab), and `cookies`, the portal's cookies (the signed-in hint by which the server
 * pre-renders signed-in pages), so later contexts are signed in the way a browser is.
 */
export async function signIn(browser, origin, account) {
  try {
    return await signInOnce(browser, origin, account);
  } catch (error) {
    // Seen on 28 November in four runs in a row and then never again (the page stayed on
    // /login with no alert and no sign-in request): say so, and try once more in a new context.
    console.log(`[bench] ${error instanceof Error ? error.message : error}; signing in again`);
    return signInOnce(browser, origin, account);
  }
}

async function signInOnce(browser, origin, account) {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    // What the page did, for the error below: its API calls and uncaught errors.
    const seen = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/')) seen.push(`${response.status()} ${pathname}`);
    });
    page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    try {
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    } catch (error) {
      // Say what the page shows (a wrong password, a database the seed did not write to).
      const alerts = await page.getByRole('alert').allInnerTexts();
      throw new Error(
        `signing in as ${account.email} did not reach /dashboard (on ${new URL(page.url()).pathname}): ${alerts.join(' | ') || 'no alert'}; seen: ${seen.join(', ') || 'nothing'}`,
        {
          cause: error,
        },
      );
    }
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    const storage = await page.evaluate((keys) => keys.map((key) => [key, localStorage.getItem(key)]), SESSION_KEYS);
    const missing = storage.filter(([, value]) => value === null).map(([key]) => key);
    if (missing.length > 0) throw new Error(`signed in, but localStorage lacks ${missing.join(', ')}`);
    const cookies = await context.cookies(origin);
    if (!cookies.some((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE && cookie.value === '1')) {
      throw new Error(`signed in, but the browser has no ${SIGNED_IN_HINT_COOKIE} cookie`);
    }
    return { storage, cookies };
  } finally {
    await context.close();
  }
}

/** A fresh context (empty cache, no service worker) holding `session`'s localStorage and cookies. */
async function freshContext(browser, origin, session) {
  const context = await browser.newContext({
    baseURL: origin,
    serviceWorkers: 'block',
    storageState: {
      cookies: session?.cookies ?? [],
      origins: session ? [{ origin, localStorage: session.storage.map(([name, value]) => ({ name, value })) }] : [],
    },
  });
  return context;
}

/** Waits until the route shows its page: settled network, the right path, a level-1 heading. */
async function expectRoute(page, route) {
  await page.waitForLoadState('networkidle');
  const { pathname } = new URL(page.url());
  if (pathname !== route) throw new Error(`${route} ended on ${pathname} (signed out, or redirected)`);
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
}

/** Reached only through publishing-rights: its cold load counts both pages. */
export const WIZARD_DETAILS = '/new-book/general-info';

// react-dom's client build is the only script that registers a reconciler with the DevTools hook
// under this name; counting the scripts that hold it counts the copies the page ran.
const REACT_DOM_MARK = 'reconcilerVersion';

/**
 * One cold load of `route`: JavaScript bytes over the wire (encoded body + headers, as served,
 * compressed or not), script count, encodings seen, react-dom copies.
 */
export async function coldRoute(browser, origin, route, session) {
  const context = await freshContext(browser, origin, session);
  try {
    const page = await context.newPage();
    const pending = [];
    // Scripts that finish after the count (the network was idle) are not this load's: a late
    // one is ignored rather than read from a closed context.
    let counted = false;
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (counted || !/\.m?js$/.test(url.pathname)) return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          return {
            url: url.pathname,
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
            encoding: response?.headers()['content-encoding'] ?? 'identity',
            reactDom: body.includes(REACT_DOM_MARK),
          };
        })(),
      );
    });
    if (route === WIZARD_DETAILS) {
      // A page load of any later wizard stage starts over at publishing-rights (the host's rule,
      // account-area.md section 4): the author answers it and continues, as in the journeys.
      await page.goto('/new-book/publishing-rights');
      await page.getByRole('checkbox', { name: 'I own the copyright and the publishing rights of this title' }).check();
      await page.getByRole('radio', { name: 'No' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === route, { timeout: 30_000 });
    } else {
      await page.goto(route);
    }
    await expectRoute(page, route);
    counted = true;
    const scripts = await Promise.all(pending);
    if (scripts.length === 0) throw new Error(`${route}: no JavaScript seen`);
    return {
      kib: scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024,
      requests: scripts.length,
      encodings: [...new Set(scripts.map((script) => script.encoding))],
      reactDomCopies: scripts.filter((script) => script.reactDom).length,
    };
  } finally {
    await context.close();
  }
}

/**
 * Client-side navigation to `target` (history.pushState + popstate, as a link does) and the time
 * until its level-1 heading replaced the previous one and a frame was painted after it.
 */
function navigateAndWait(page, target) {
  return page.evaluate(
    (to) =>
      new Promise((resolve, reject) => {
        const before = document.querySelector('h1')?.textContent ?? null;
        const start = performance.now();
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${to}: no new heading within 20 s`));
        }, 20_000);
        const done = () => {
          const heading = document.querySelector('h1');
          if (location.pathname !== to || !heading || heading.textContent === before) return false;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          return true;
        };
        const observer = new MutationObserver(done);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
        done();
      }),
    target,
  );
}

/**
 * /dashboard (remote-library) loaded, then the first visit to /checkout/cart (remote-checkout,
 * never loaded yet), then warm switches back and forth between the two.
 */
export async function remoteSwitch(browser, origin, session, { warmSwitches = 4 } = {}) {
  const context = await freshContext(browser, origin, session);
  try {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expectRoute(page, '/dashboard');
    const first = await navigateAndWait(page, '/checkout/cart');
    await page.waitForLoadState('networkidle');
    const warm = [];
    for (let i = 0; i < warmSwitches; i += 1) {
      warm.push(await navigateAndWait(page, i % 2 === 0 ? '/dashboard' : '/checkout/cart'));
      await page.waitForLoadState('networkidle');
    }
    return { first, warm };
  } finally {
    await context.close();
  }
}

/**
 * Arms a measure in the page: from the next `eventType` event (its timeStamp) until `changed`
 * ('status': the count line changed; 'items': the list grew) first holds, then a frame painted.
 */
async function arm(page, eventType, changed) {
  await page.evaluate(
    ({ type, test }) => {
      // A named test, not code: the portal's CSP forbids eval in the page.
      const isChanged = (before, now) => (test === 'status' ? now.status !== before.status : now.items > before.items);
      const snapshot = () => {
        const status = [...document.querySelectorAll('p[role="status"]')].map((p) => p.textContent).join('|');
        const list = document.querySelector('ul[aria-label="Orders"]');
        return { status, items: list ? list.children.length : 0, first: list?.firstElementChild?.textContent ?? '' };
      };
      const before = snapshot();
      window.__benchMeasure = new Promise((resolve, reject) => {
        let start = null;
        addEventListener(type, (event) => (start = event.timeStamp), { capture: true, once: true });
        const timer = setTimeout(() => reject(new Error(`no change within 20 s after ${type}`)), 20_000);
        const observer = new MutationObserver(() => {
          if (start === null || !isChanged(before, snapshot())) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    },
    { type: eventType, test: changed },
  );
}

const measured = (page) => page.evaluate(() => window.__benchMeasure);

/**
 * /orders with the large data set: keystroke to filtered list painted (typing q, which no
 * bench order holds, empties the list; Backspace brings it back: both repaint the list), and
 * Load More to the longer list painted.
 */
export async function ordersList(browser, origin, session, { keystrokes = 6, loadMores = 4 } = {}) {
  const context = await freshContext(browser, origin, session);
  try {
    const page = await context.newPage();
    await page.goto('/orders');
    await expectRoute(page, '/orders');
    await page.getByRole('list', { name: 'Orders' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const search = page.getByLabel('Search orders', { exact: true });
    await search.focus();
    const typing = [];
    for (let i = 0; i < keystrokes; i += 1) {
      await arm(page, 'keydown', 'status');
      await page.keyboard.press(i % 2 === 0 ? 'q' : 'Backspace');
      typing.push(await measured(page));
    }
    await page.getByRole('list', { name: 'Orders' }).waitFor();
    const loadMore = [];
    for (let i = 0; i < loadMores; i += 1) {
      await arm(page, 'click', 'items');
      await page.getByRole('button', { name: 'Load More', exact: true }).click();
      loadMore.push(await measured(page));
    }
    return { typing, loadMore };
  } finally {
    await context.close();
  }
}

/**
 * A bulk CSV of `rows` rows (the example file the page links to, its valid rows repeated under
 * new titles) uploaded on /bulk-upload: parse and classify in the browser (file chosen to the
 * first POST /user/bulkcalculate: pricing starts only once the whole file is classified), then
 * the server's rate (valid rows priced per second, from that request to 'Finished').
 */
export async function bulkUpload(browser, origin, session, { rows, tag }) {
  const context = await freshContext(browser, origin, session);
  try {
    const page = await context.newPage();
    await page.goto('/bulk-upload');
    await expectRoute(page, '/bulk-upload');
    const href = await page.getByRole('link', { name: 'Download an example file', exact: true }).getAttribute('href');
    const example = (await (await page.request.get(href ?? '')).text()).trim().split(/\r?\n/);
    const [header, ...lines] = example;
    const titleColumn = header.split(',').indexOf('book_title');
    const templates = lines.map((line) => line.split(',')).filter((cells) => cells[titleColumn]);
    if (titleColumn < 0 || templates.length === 0) throw new Error('the example CSV has no titled rows');
    const body = Array.from({ length: rows }, (_, i) => {
      const cells = [...templates[i % templates.length]];
      cells[titleColumn] = `Bulk ${tag} ${i}`;
      return cells.join(',');
    });
    const csv = Buffer.from(`${header}\n${body.join('\n')}\n`);
    const firstCalculation = page.waitForRequest((request) => request.url().includes('/user/bulkcalculate'), {
      timeout: 60_000,
    });
    const chosen = performance.now();
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: csv });
    await firstCalculation;
    const classified = performance.now();
    // Polls the one status line, not a text search of the page: Playwright's getByText walks
    // every node on each animation frame, and with thousands of cards on the page that walk took
    // more of the browser's main thread than the upload it was timing.
    const status = await page.waitForFunction(
      () => {
        const texts = [...document.querySelectorAll('[role="status"]')].map((node) => node.textContent ?? '');
        return texts.find((text) => /^Finished: \d+ valid, \d+ invalid$/.test(text)) ?? false;
      },
      null,
      { polling: 50, timeout: 15 * 60_000 },
    );
    const done = performance.now();
    const finished = String(await status.jsonValue());
    const [, valid] = /^Finished: (\d+) valid/.exec(finished) ?? [];
    if (!Number(valid)) throw new Error(`bulk upload: no valid rows priced (${finished})`);
    return { parseMs: classified - chosen, rowsPerSecond: Number(valid) / ((done - classified) / 1000) };
  } finally {
    await context.close();
  }
}

/**
 * A static HTML+CSS copy of /login as painted: scripts and preloads removed, every stylesheet
 * inlined, a <base> so images still come from the portal. Lighthouse loads it under the same
 * throttling as the real page: the floor that page could reach.
 */
export async function staticLoginCopy(browser, origin) {
  const context = await freshContext(browser, origin, null);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expectRoute(page, '/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    return await page.evaluate((base) => {
      const css = [...document.styleSheets]
        .map((sheet) => {
          try {
            return [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
          } catch {
            return '';
          }
        })
        .join('\n');
      const root = document.documentElement.cloneNode(true);
      root
        .querySelectorAll('script, link[rel="stylesheet"], link[rel="preload"], link[rel="modulepreload"], style')
        .forEach((node) => node.remove());
      const head = root.querySelector('head');
      head.insertAdjacentHTML('afterbegin', `<base href="${base}/">`);
      const style = document.createElement('style');
      style.textContent = css;
      head.append(style);
      return `<!doctype html>\n${root.outerHTML}`;
    }, origin);
  } finally {
    await context.close();
  }
}
