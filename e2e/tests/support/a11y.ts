import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

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

/** An app defect already reported, left out of one check (and recorded on the test). */
export interface KnownA11yIssue {
  /** The axe rule id the defect violates, e.g. 'scrollable-region-focusable'. */
  rule: string;
  /** What is wrong and where (shown as an annotation of the test). */
  reason: string;
}

/**
 * Runs axe-core on the current page and fails with the list of WCAG 2.2 AA violations.
 * Call it once the page has settled (after the awaited assertions that show it rendered).
 * `knownIssues` leaves reported defects out of this one check: each must still occur (so the
 * exception goes once the app is fixed) and is added to the test's annotations.
 */
export async function expectNoA11yViolations(page: Page, knownIssues: readonly KnownA11yIssue[] = []): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const known = new Set(knownIssues.map((issue) => issue.rule));
  for (const issue of knownIssues) {
    const found = violations.find((violation) => violation.id === issue.rule);
    expect(found, `known issue ${issue.rule} (${issue.reason}) no longer occurs: drop the exception`).toBeDefined();
    test.info().annotations.push({
      type: 'known app defect',
      description: `${issue.reason}: ${describeViolations(found ? [found] : []).join(' ')}`,
    });
  }
  const unexpected = violations.filter((violation) => !known.has(violation.id));
  expect(describeViolations(unexpected), `accessibility violations on ${page.url()}`).toEqual([]);
}
