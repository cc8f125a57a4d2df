// The bulk upload's CSV parsing, off the main thread: a thin wrapper that streams the posted
// File with streamCsv and posts each event back (see worker-csv-parser.ts).
import { streamCsv } from './csv-parser';

self.onmessage = (message: MessageEvent<File>) => {
  streamCsv(message.data, (event) => self.postMessage(event));
};
