import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, as axe-core tags it (2.0, 2.1 and 2.2 levels A and AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable line per violation and per offending element. */
export function describeViolations(violations: Violation[]): string[] {
  return violations.flatMap((violation) => [
    `${violation.id} [${violation.impact ?? 'unknown'}] ${violation.help} (${violation.helpUrl})`,
    ...violation.nodes.map(
      (node) => `  at ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
    ),
  ]);
}

/**
 * Runs axe-core on the current page and fails with the list of WCAG 2.2 AA violations.
 * Call it once the page has settled (after the awaited assertions that show it rendered).
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(describeViolations(violations), `accessibility violations on ${page.url()}`).toEqual([]);
}
