import { parentPort } from 'node:worker_threads';
import { analysePdf } from '../domain/preflight/analyse.js';
import { printProofPdf } from '../domain/print-proof.js';
import type { PdfTask } from './pdf-work.js';

/**
 * The worker thread of services/pdf-work.ts: PDF work that can take seconds (parsing a
 * 1,200-page book) runs here, never on the thread that answers requests. One task per worker.
 */
parentPort!.once('message', async (task: PdfTask) => {
  try {
    if (task.kind === 'analyse') {
      parentPort!.postMessage({ ok: true, value: await analysePdf(task.bytes, task.expectations) });
    } else {
      const bytes = await printProofPdf(task.cover, task.book, task.title);
      parentPort!.postMessage({ ok: true, value: bytes }, [bytes.buffer as ArrayBuffer]);
    }
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
