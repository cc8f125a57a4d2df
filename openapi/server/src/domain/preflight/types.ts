/** The preflight's problems and what it checks a PDF against (portal.yaml PreflightProblem). */

export type PreflightCode = 'PAGE_COUNT' | 'TRIM_SIZE' | 'FONT_NOT_EMBEDDED' | 'LOW_DPI' | 'NO_BLEED' | 'UNREADABLE';
export type PreflightSeverity = 'blocking' | 'warning';

export interface PreflightProblem {
  code: PreflightCode;
  severity: PreflightSeverity;
  /** 1-based page, or null when the problem concerns the whole file. */
  page: number | null;
  message: string;
  fix: string;
}

/** What the book's quote says the PDF must be. */
export interface PreflightExpectations {
  /** The quote's page count (null: not checked). */
  pages: number | null;
  trimWidthMm: number;
  trimHeightMm: number;
}

/**
 * What the PDF is, checked against the expectations, before the author's bleed choice is known:
 * every problem but NO_BLEED, and the first page that is exactly at trim size (no bleed).
 * This is what the server keeps per file.
 */
export interface PreflightAnalysis {
  /** The PDF's page count, null when it could not be read. */
  pages: number | null;
  problems: PreflightProblem[];
  /** The first page whose sheet is the trim size itself (no bleed around it), or null. */
  firstPageWithoutBleed: number | null;
}

export interface PreflightResult {
  pages: number | null;
  problems: PreflightProblem[];
}

export const SEVERITY: Record<PreflightCode, PreflightSeverity> = {
  PAGE_COUNT: 'blocking',
  TRIM_SIZE: 'blocking',
  FONT_NOT_EMBEDDED: 'blocking',
  LOW_DPI: 'warning',
  NO_BLEED: 'warning',
  UNREADABLE: 'blocking',
};
