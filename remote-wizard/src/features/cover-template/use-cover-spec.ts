import { useCallback, useEffect, useState } from 'react';
import { getCoverSpec, type BookIds, type CoverSpec } from './api/cover-template';

export type CoverSpecState = { status: 'loading' } | { status: 'ready'; spec: CoverSpec } | { status: 'failed' };

/** GET /user/coverspec for the upload's records; `retry` asks again after a failure. */
export function useCoverSpec({ localBookId, internationalBookId }: BookIds): CoverSpecState & { retry: () => void } {
  const [state, setState] = useState<CoverSpecState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getCoverSpec({ localBookId, internationalBookId }).then(
      (spec) => {
        if (current) setState({ status: 'ready', spec });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [localBookId, internationalBookId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
