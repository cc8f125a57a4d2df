import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { bytesBefore, chunkCount } from './chunks';
import { isAbort, runChunkedUpload, UploadFailure, type UploadDeps, type UploadKind } from './chunked-upload';
import { resumeKey } from './resume-store';
import { DEFAULT_UPLOAD_DEPS } from './send-piece';
import { createPieceHasher, type DisposableHasher } from './worker-hasher';

/** Where one file stands: chosen, on its way, stopped by a failure, or complete. */
export type UploadStatus = 'ready' | 'uploading' | 'failed' | 'complete';

/** One chosen file and its upload. */
export interface UploadSlot {
  file: File;
  kind: UploadKind;
  status: UploadStatus;
  sentBytes: number;
  totalBytes: number;
  /** null while unknown (nothing sent in this run yet). */
  secondsLeft: number | null;
  /** The server's name of the complete file (for POST /user/uploadbook{suffix}). */
  finalFilename: string | null;
  failure: UploadFailure | null;
}

/** How a start ended: complete, stopped by a failure, or stopped on purpose (Back, another file). */
export type UploadOutcome =
  { status: 'complete'; finalFilename: string } | { status: 'failed'; failure: UploadFailure } | { status: 'stopped' };

/** The book pair the files belong to. */
export interface UploadBookIds {
  localBookId: number | null;
  internationalBookId: number | null;
}

/** The uploads of a screen, each under an id of the screen's choosing ('cover', 'audio-2', ...). */
export interface ChunkedUploads {
  slots: Readonly<Record<string, UploadSlot>>;
  /** Chooses `file` for `id` (stopping a run of the file it replaces); shows how far an earlier run of it got. */
  select: (id: string, kind: UploadKind, file: File) => void;
  /** Stops and forgets `id`'s file (what the server has stays remembered for a resume). */
  remove: (id: string) => void;
  /** Uploads `id`'s file from where it stands; resolves with how it ended (never rejects). */
  start: (id: string) => Promise<UploadOutcome>;
  /** Stops every upload and forgets every file (Back). */
  clearAll: () => void;
}

/**
 * The chunked uploads of one screen over runChunkedUpload, with the MD5 computed in a Web
 * Worker (main-thread fallback). `deps` replaces parts of the real world in tests.
 */
export function useChunkedUploads(ids: UploadBookIds, deps?: Partial<UploadDeps>): ChunkedUploads {
  const [slots, setSlots] = useState<Record<string, UploadSlot>>({});
  const slotsRef = useRef(slots);
  const runs = useRef(new Map<string, { controller: AbortController; done: Promise<UploadOutcome> }>());
  const hasher = useRef<DisposableHasher | null>(null);
  const settings = useRef({ ids, deps });
  settings.current = { ids, deps };

  useEffect(() => {
    const running = runs.current;
    const made = createPieceHasher();
    hasher.current = made;
    return () => {
      for (const run of running.values()) run.controller.abort();
      running.clear();
      made.dispose();
      hasher.current = null;
    };
  }, []);

  const update = useCallback((id: string, change: Partial<UploadSlot> | null, file?: File) => {
    const current = slotsRef.current;
    // A run's late news about a file no longer chosen is dropped.
    if (file && current[id]?.file !== file) return;
    const next = { ...current };
    if (change === null) delete next[id];
    else if (next[id]) next[id] = { ...next[id], ...change };
    else return;
    slotsRef.current = next;
    setSlots(next);
  }, []);

  const stop = useCallback((id: string) => {
    runs.current.get(id)?.controller.abort();
    runs.current.delete(id);
  }, []);

  const select = useCallback(
    (id: string, kind: UploadKind, file: File) => {
      stop(id);
      const { ids: pair, deps: override } = settings.current;
      const resume = override?.resume ?? DEFAULT_UPLOAD_DEPS.resume;
      const remembered = resume.read(
        resumeKey({ ...pair, kind, name: file.name, size: file.size, lastModified: file.lastModified }),
      );
      const resumed = remembered !== null && remembered < chunkCount(file.size) ? remembered : 0;
      const slot: UploadSlot = {
        file,
        kind,
        status: 'ready',
        sentBytes: bytesBefore(resumed, file.size),
        totalBytes: file.size,
        secondsLeft: null,
        finalFilename: null,
        failure: null,
      };
      slotsRef.current = { ...slotsRef.current, [id]: slot };
      setSlots(slotsRef.current);
    },
    [stop],
  );

  const remove = useCallback(
    (id: string) => {
      stop(id);
      update(id, null);
    },
    [stop, update],
  );

  const start = useCallback(
    (id: string): Promise<UploadOutcome> => {
      const slot = slotsRef.current[id];
      if (!slot) return Promise.resolve({ status: 'stopped' });
      if (slot.status === 'complete' && slot.finalFilename) {
        return Promise.resolve({ status: 'complete', finalFilename: slot.finalFilename });
      }
      const running = runs.current.get(id);
      if (running) return running.done;

      const { file, kind } = slot;
      const controller = new AbortController();
      const { ids: pair, deps: override } = settings.current;
      const hash = override?.hash ?? hasher.current?.hash ?? DEFAULT_UPLOAD_DEPS.hash;
      update(id, { status: 'uploading', failure: null, secondsLeft: null }, file);
      const done = runChunkedUpload(
        {
          file,
          kind,
          ...pair,
          onProgress: ({ sentBytes, totalBytes, secondsLeft }) => {
            if (!controller.signal.aborted) update(id, { sentBytes, totalBytes, secondsLeft }, file);
          },
        },
        { ...DEFAULT_UPLOAD_DEPS, hash, ...override },
        controller.signal,
      ).then(
        (finalFilename): UploadOutcome => {
          update(id, { status: 'complete', finalFilename, sentBytes: file.size, secondsLeft: 0 }, file);
          return { status: 'complete', finalFilename };
        },
        (error: unknown): UploadOutcome => {
          if (isAbort(error) || controller.signal.aborted) {
            update(id, { status: 'ready', secondsLeft: null }, file);
            return { status: 'stopped' };
          }
          const failure = error instanceof UploadFailure ? error : new UploadFailure(String(error));
          update(id, { status: 'failed', failure, secondsLeft: null }, file);
          return { status: 'failed', failure };
        },
      );
      const run = { controller, done };
      runs.current.set(id, run);
      void done.finally(() => {
        if (runs.current.get(id) === run) runs.current.delete(id);
      });
      return done;
    },
    [update],
  );

  const clearAll = useCallback(() => {
    for (const id of [...runs.current.keys()]) stop(id);
    slotsRef.current = {};
    setSlots({});
  }, [stop]);

  return useMemo(() => ({ slots, select, remove, start, clearAll }), [slots, select, remove, start, clearAll]);
}
