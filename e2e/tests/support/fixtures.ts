import { expect, test as base } from '@playwright/test';

/** The binding the pages call for each violation (exposed by Playwright, so no CSP applies to it). */
const REPORT_BINDING = '__podReportCspViolation';

/** Chromium's console text for a blocked load, inline script, eval or frame. */
const CSP_CONSOLE_MESSAGE = /Content[ -]Security[ -]Policy/i;

/**
 * `test` of every journey: Playwright's, plus an automatic check that fails the journey on any
 * Content-Security-Policy violation in any page or frame of its browser context (a
 * `securitypolicyviolation` event, or Chromium's console error for one). A blocked script
 * does not always break what a journey asserts, so the policy would otherwise fail silently.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding(REPORT_BINDING, ({ frame }, text: string) => {
        violations.push(`${frame.url()}: ${text}`);
      });
      await context.addInitScript((binding) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, (text: string) => void>)[binding];
          report?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}` +
              ` (${event.sourceFile || 'document'}:${event.lineNumber})`,
          );
        });
      }, REPORT_BINDING);
      context.on('console', (message) => {
        if (message.type() === 'error' && CSP_CONSOLE_MESSAGE.test(message.text())) {
          violations.push(`console: ${message.text()}`);
        }
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations during the journey').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
