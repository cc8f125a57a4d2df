import { hashOnMainThread, type HashedPiece, type PieceHasher } from './md5';
import type { HashAnswer, HashRequest } from './md5.worker';

/** A piece hasher and the way to stop its worker. */
export interface DisposableHasher {
  hash: PieceHasher;
  dispose: () => void;
}

/**
 * The uploads' MD5 (md5-words.ts) in a Web Worker (started on the first piece), so hashing a large
 * file never blocks the page. Where no worker can start (jsdom, a browser refusing the worker
 * script, a remote served from another origin than the page) or the worker fails, the same
 * hashing runs on the main thread instead, pieces already asked for included.
 */
export function createPieceHasher(): DisposableHasher {
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 1;
  const pending = new Map<number, { piece: Blob; resolve: (value: HashedPiece) => void; reject: (e: Error) => void }>();

  const fallBack = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, request] of pending) {
      pending.delete(id);
      hashOnMainThread(request.piece).then(request.resolve, request.reject);
    }
  };

  const start = (): Worker | null => {
    if (worker || broken) return worker;
    try {
      worker = new Worker(new URL('./md5.worker.ts', import.meta.url));
    } catch {
      broken = true;
      return null;
    }
    worker.onmessage = (message: MessageEvent<HashAnswer>) => {
      const answer = message.data;
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      if ('error' in answer) request.reject(new Error(answer.error));
      else request.resolve({ bytes: answer.bytes, md5: answer.md5 });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fallBack();
    };
    return worker;
  };

  return {
    hash(piece) {
      const running = start();
      if (!running) return hashOnMainThread(piece);
      return new Promise<HashedPiece>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { piece, resolve, reject });
        running.postMessage({ id, piece } satisfies HashRequest);
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      for (const request of pending.values()) request.reject(new DOMException('Stopped', 'AbortError'));
      pending.clear();
    },
  };
}
