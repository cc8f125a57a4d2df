import { Worker } from 'node:worker_threads';
import type { PreflightAnalysis, PreflightExpectations } from '../domain/preflight/types.js';

/**
 * PDF work off the request thread (services/pdf-worker.ts in a worker_thread): the preflight's
 * analysis and the print proof. At most `concurrency` workers run at once (the others wait their
 * turn); each is ended after `timeoutMs` and is bounded in memory, so one huge or hostile PDF
 * can neither freeze the server nor take its memory.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's PDF worker pool (app.ts), closed with the app. */
    pdfWork: PdfWork;
  }
}

export type PdfTask =
  | { kind: 'analyse'; bytes: Uint8Array; expectations: PreflightExpectations }
  | { kind: 'proof'; cover: Uint8Array; book: Uint8Array; title: string };

type Answer = { ok: true; value: unknown } | { ok: false; message: string };

export interface PdfWorkOptions {
  concurrency?: number;
  timeoutMs?: number;
  /** Heap of one worker, MB. */
  maxHeapMb?: number;
}

export interface PdfWork {
  analyse(bytes: Uint8Array, expectations: PreflightExpectations): Promise<PreflightAnalysis>;
  proof(cover: Uint8Array, book: Uint8Array, title: string): Promise<Uint8Array>;
  /** Ends every running worker (app close). */
  close(): Promise<void>;
}

/** Why a task failed: the worker's own error, the time limit, or memory. */
export class PdfWorkError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'timeout' | 'memory' | 'closed',
  ) {
    super(message);
    this.name = 'PdfWorkError';
  }
}

/**
 * Under tsx (tests, `pnpm dev`) the worker is TypeScript: the worker registers tsx before
 * importing it, as a worker does not inherit the parent's `--import tsx`. Compiled (dist/),
 * it is plain JavaScript beside this file.
 */
function startWorker(options: PdfWorkOptions): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: options.maxHeapMb ?? 2048 };
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./pdf-worker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(code, { eval: true, resourceLimits });
  }
  return new Worker(new URL('./pdf-worker.js', import.meta.url), { resourceLimits });
}

/** The buffers a task may hand over instead of copying (those the caller owns whole). */
function transferable(task: PdfTask): ArrayBuffer[] {
  const parts = task.kind === 'analyse' ? [task.bytes] : [task.cover, task.book];
  return parts
    .filter(
      (part) =>
        part.byteOffset === 0 && part.byteLength === part.buffer.byteLength && part.buffer instanceof ArrayBuffer,
    )
    .map((part) => part.buffer as ArrayBuffer)
    .filter((buffer, index, all) => all.indexOf(buffer) === index);
}

export function createPdfWork(options: PdfWorkOptions = {}): PdfWork {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const running = new Set<Worker>();
  const waiting: Array<() => void> = [];
  let active = 0;
  let closed = false;

  async function slot(): Promise<void> {
    if (active < concurrency) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release() {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }

  async function run<T>(task: PdfTask): Promise<T> {
    if (closed) throw new PdfWorkError('closed', 'closed');
    await slot();
    try {
      if (closed) throw new PdfWorkError('closed', 'closed');
      const worker = startWorker(options);
      running.add(worker);
      return await new Promise<T>((resolve, reject) => {
        let settled = false;
        const finish = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          running.delete(worker);
          void worker.terminate();
          outcome();
        };
        const timer = setTimeout(
          () => finish(() => reject(new PdfWorkError(`PDF work took over ${timeoutMs} ms`, 'timeout'))),
          timeoutMs,
        );
        worker.once('message', (answer: Answer) =>
          finish(() => (answer.ok ? resolve(answer.value as T) : reject(new PdfWorkError(answer.message, 'failed')))),
        );
        worker.once('error', (error: Error & { code?: string }) =>
          finish(() =>
            reject(new PdfWorkError(error.message, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed')),
          ),
        );
        worker.once('exit', () =>
          finish(() => reject(new PdfWorkError('the worker stopped', closed ? 'closed' : 'failed'))),
        );
        worker.postMessage(task, transferable(task));
      });
    } finally {
      release();
    }
  }

  return {
    analyse: (bytes, expectations) => run<PreflightAnalysis>({ kind: 'analyse', bytes, expectations }),
    async proof(cover, book, title) {
      const value = await run<Uint8Array>({ kind: 'proof', cover, book, title });
      return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    },
    async close() {
      closed = true;
      await Promise.all([...running].map((worker) => worker.terminate()));
      for (const next of waiting.splice(0)) next();
    },
  };
}
