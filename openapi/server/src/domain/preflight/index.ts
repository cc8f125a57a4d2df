import { analysePdf, type AnalyseLimits } from './analyse.js';
import { noBleedProblem } from './messages.js';
import type { PreflightAnalysis, PreflightExpectations, PreflightResult } from './types.js';

/**
 * PDF preflight (issue 14; server README "Preflight"). `analysePdf` does the work on the bytes
 * (run it off the request thread); `preflightResult` adds what depends on the author's choice
 * of the bleed service, so the analysis can be kept per file and reused whatever they choose.
 */

export { analysePdf, MAX_INSPECTED_PAGES, MAX_PROBLEMS_PER_CODE, isEmbedded } from './analyse.js';
export * from './messages.js';
export * from './types.js';

/** What the book's quote says, plus whether the author ordered the bleed service (bleeding_needed). */
export interface PreflightCheck extends PreflightExpectations {
  /** The author ordered the bleed service: pages at trim size are then what the printer expects. */
  bleedingNeeded: boolean;
}

/** The report of an analysis: NO_BLEED (a warning) added when the pages carry no bleed and the service was not ordered. */
export function preflightResult(analysis: PreflightAnalysis, check: PreflightCheck): PreflightResult {
  const problems = [...analysis.problems];
  if (!check.bleedingNeeded && analysis.firstPageWithoutBleed !== null) {
    problems.push(
      noBleedProblem(analysis.firstPageWithoutBleed, { widthMm: check.trimWidthMm, heightMm: check.trimHeightMm }),
    );
  }
  return { pages: analysis.pages, problems };
}

/** The whole preflight of a PDF's bytes, in one call (tests, scripts). */
export async function preflightPdf(
  bytes: Uint8Array,
  check: PreflightCheck,
  limits: AnalyseLimits = {},
): Promise<PreflightResult> {
  return preflightResult(await analysePdf(bytes, check, limits), check);
}

/** The messages of the blocking problems, in report order (what stops a submission). */
export const blockingMessages = (result: PreflightResult) =>
  result.problems.filter((problem) => problem.severity === 'blocking').map((problem) => problem.message);
