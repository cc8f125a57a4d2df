import { useCallback, useRef } from 'react';

/**
 * One request per key, shared by every effect run that asks for the same key: StrictMode's
 * second effect run (and any re-render) subscribes to the request already made instead of
 * sending another one. Return tokens work once, so a duplicate would fail or double-settle.
 */
export function useKeyedRequest<T>(): (key: string, start: () => Promise<T>) => Promise<T> {
  const current = useRef<{ key: string; promise: Promise<T> } | null>(null);
  return useCallback((key: string, start: () => Promise<T>) => {
    if (current.current?.key !== key) current.current = { key, promise: start() };
    return current.current.promise;
  }, []);
}
