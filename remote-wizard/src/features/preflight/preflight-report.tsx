import { useEffect, useId, useState } from 'react';
import { Button, PdfViewer, type PdfRenderer } from '@pod/shared-contracts';
import { pdfjsRenderer } from '@pod/shared-contracts/pdfjs';
import type { PreflightProblem } from './api/preflight-book';
import { hasBlockingProblem, usePreflight } from './use-preflight';
import styles from './preflight-report.module.css';

export const PREFLIGHT_CHECKING = 'Checking your book file...';
export const PREFLIGHT_ALL_GOOD = 'All good: your book file passed every print check.';
export const PREFLIGHT_FAILED = 'We could not check your book file just now.';
export const PREFLIGHT_BLOCKING_HEADING = 'Fix before you submit';
export const PREFLIGHT_WARNING_HEADING = 'Worth a look (you can still submit)';
export const PREFLIGHT_VIEWER_ERROR = 'Your book file could not be shown.';

/** Props of {@link PreflightReport}. */
export interface PreflightReportProps {
  localBookId: number | null;
  internationalBookId: number | null;
  /** The `finalFilename` the chunked upload of the book file answered. */
  bookFilename: string;
  /** The author ordered the bleed service (bleeding_needed). */
  bleedingNeeded: boolean;
  /** The author's own selected file, shown at a problem's page ('View page N'). */
  file: File;
  /** Told whether a blocking problem stops the submission (false while checking, after a failed check, or when not checked). */
  onBlockedChange?: (blocked: boolean) => void;
  /** Replaces the PDF viewer's renderer (tests). */
  renderer?: PdfRenderer;
}

function ProblemList({
  problems,
  severity,
  heading,
  onView,
}: {
  problems: PreflightProblem[];
  severity: 'blocking' | 'warning';
  heading: string;
  onView: (page: number) => void;
}) {
  const headingId = useId();
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.group}>
      <h3 id={headingId} className={styles.heading}>
        {heading}
      </h3>
      <ul className={styles.list}>
        {problems.map((problem, index) => (
          <li key={`${problem.code}-${problem.page ?? 'file'}-${index}`} className={styles[severity]}>
            <p className={styles.message}>
              <span className={styles.badge}>{severity === 'blocking' ? 'Must fix' : 'Warning'}</span> {problem.message}
            </p>
            <p className={styles.fix}>{problem.fix}</p>
            {problem.page !== null ? (
              <Button variant="secondary" onClick={() => onView(problem.page!)}>
                View page {problem.page}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The preflight of the uploaded book PDF on the upload screen: 'Checking your book file...'
 * while POST /user/preflight runs, then an all-good line or the problems grouped blocking first,
 * each with its message, a plain fix and, when it is on a page, 'View page N' opening the
 * author's own file in the PDF viewer at that page. Tells `onBlockedChange` whether a blocking
 * problem stops the submission. Nothing shows for a file that is not checked (not a print PDF).
 */
export function PreflightReport({
  localBookId,
  internationalBookId,
  bookFilename,
  bleedingNeeded,
  file,
  onBlockedChange,
  renderer = pdfjsRenderer,
}: PreflightReportProps) {
  const preflight = usePreflight({ localBookId, internationalBookId, bookFilename, bleedingNeeded });
  const [viewedPage, setViewedPage] = useState<number | null>(null);
  const blocked = preflight.status === 'done' && hasBlockingProblem(preflight.report);

  useEffect(() => {
    onBlockedChange?.(blocked);
  }, [blocked, onBlockedChange]);

  if (preflight.status === 'checking') {
    return (
      <p role="status" className={styles.checking}>
        {PREFLIGHT_CHECKING}
      </p>
    );
  }
  if (preflight.status === 'failed') {
    return (
      <div role="alert" className={styles.failed}>
        <p className={styles.message}>{PREFLIGHT_FAILED}</p>
        <Button variant="secondary" onClick={preflight.retry}>
          Check again
        </Button>
      </div>
    );
  }
  const { report } = preflight;
  if (!report.checked) return null;
  if (report.problems.length === 0) {
    return (
      <p role="status" className={styles.good}>
        {PREFLIGHT_ALL_GOOD}
      </p>
    );
  }
  const blocking = report.problems.filter((problem) => problem.severity === 'blocking');
  const warnings = report.problems.filter((problem) => problem.severity !== 'blocking');
  return (
    <div className={styles.report}>
      <ProblemList
        problems={blocking}
        severity="blocking"
        heading={PREFLIGHT_BLOCKING_HEADING}
        onView={setViewedPage}
      />
      <ProblemList problems={warnings} severity="warning" heading={PREFLIGHT_WARNING_HEADING} onView={setViewedPage} />
      <PdfViewer
        open={viewedPage !== null}
        title={file.name}
        fileName={file.name}
        load={async () => file}
        initialPage={viewedPage ?? 1}
        errorMessage={PREFLIGHT_VIEWER_ERROR}
        onClose={() => setViewedPage(null)}
        renderer={renderer}
      />
    </div>
  );
}
