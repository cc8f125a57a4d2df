import { useCallback, useEffect, useState } from 'react';
import { preflightBook, type PreflightReport, type PreflightRequest } from './api/preflight-book';

/** Where the check of one book file stands. */
export type PreflightState =
  { status: 'checking' } | { status: 'done'; report: PreflightReport } | { status: 'failed' };

/** Whether a report holds a problem that stops the submission. */
export const hasBlockingProblem = (report: PreflightReport) =>
  report.problems.some((problem) => problem.severity === 'blocking');

/**
 * Runs the preflight of a book file (POST /user/preflight) whenever the file, the books or the
 * bleed choice change; an answer for an earlier file is dropped. `retry` asks again after a failure
 * (the server keeps the result per file, so asking again is cheap).
 */
export function usePreflight({
  localBookId,
  internationalBookId,
  bookFilename,
  bleedingNeeded,
}: PreflightRequest): PreflightState & { retry: () => void } {
  const [state, setState] = useState<PreflightState>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'checking' });
    preflightBook({ localBookId, internationalBookId, bookFilename, bleedingNeeded }).then(
      (report) => {
        if (current) setState({ status: 'done', report });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [localBookId, internationalBookId, bookFilename, bleedingNeeded, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
