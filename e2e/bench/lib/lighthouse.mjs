// Lighthouse (npm) in Debian's Chromium, mobile preset (the default config: Moto G class device,
// simulated slow 4G and 4x CPU slowdown). Signed-in pages get the session (localStorage and the
// portal's cookies) first: Lighthouse clears the cache and caches of the origin before each
// audit, not localStorage or cookies.
import http from 'node:http';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from './paths.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Chromium for Lighthouse, with Playwright attached over CDP to write localStorage. */
export async function openLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  return {
    /** One audit of `url`; throws when the page ended elsewhere (e.g. sent to /login). */
    async audit(url, session) {
      const target = new URL(url);
      // The default context is the one Lighthouse's tab opens in.
      const context = browser.contexts()[0];
      const page = await context.newPage();
      await page.goto(new URL('/healthz', target).href);
      await page.evaluate((items) => {
        localStorage.clear();
        for (const [key, value] of items) localStorage.setItem(key, value);
      }, session?.storage ?? []);
      await context.clearCookies();
      if (session) await context.addCookies(session.cookies);
      await page.close();
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse ${url}: no result`);
      if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const ended = new URL(lhr.finalDisplayedUrl).pathname;
      if (ended !== target.pathname) throw new Error(`lighthouse ${url}: ended on ${ended}`);
      const score = (id) => {
        const value = lhr.categories[id]?.score;
        if (typeof value !== 'number') throw new Error(`lighthouse ${url}: no ${id} score`);
        return Math.round(value * 100);
      };
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
      if (typeof lcp !== 'number') throw new Error(`lighthouse ${url}: no LCP`);
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: lcp,
        // The other metrics of the performance score, to say why a score is what it is.
        metrics: Object.fromEntries(
          ['first-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => [
            id,
            lhr.audits[id]?.numericValue ?? null,
          ]),
        ),
      };
    },
    async close() {
      await browser.close().catch(() => {});
      chrome.kill();
    },
  };
}

/** Serves one HTML document at /login on a free loopback port. */
export async function serveStaticCopy(html) {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/login`, close: () => new Promise((resolve) => server.close(resolve)) };
}
