import { streamCsv, type CsvParseEvent, type CsvParser } from './csv-parser';

/**
 * The bulk upload's parser: papaparse in a Web Worker, so a large file never blocks the page.
 * Where no worker can start (a browser refusing the worker script, or a remote served from
 * another origin than the page, as with the dev servers) the same parsing runs on the main
 * thread instead.
 */
export const parseCsvInWorker: CsvParser = (file, onEvent) => {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./csv.worker.ts', import.meta.url));
  } catch {
    return streamCsv(file, onEvent);
  }
  let heard = false;
  let stopFallback: (() => void) | null = null;
  worker.onmessage = (message: MessageEvent<CsvParseEvent>) => {
    heard = true;
    onEvent(message.data);
    if (message.data.type !== 'rows') worker.terminate();
  };
  worker.onerror = (error) => {
    error.preventDefault();
    worker.terminate();
    // The script did not load (nothing was parsed yet): parse here. A failure mid-file is reported.
    if (!heard) stopFallback = streamCsv(file, onEvent);
    else onEvent({ type: 'error', message: error.message || 'The CSV file could not be read.' });
  };
  worker.postMessage(file);
  return () => {
    worker.terminate();
    stopFallback?.();
  };
};
