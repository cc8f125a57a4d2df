import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: the saving would not pay for the work. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses answers on the fly (brotli, else gzip): API JSON and text above
 * COMPRESSION_THRESHOLD, and static files that have no precompressed sibling (static-site.ts
 * serves the build's .br/.gz files, which this leaves alone because they already carry a
 * Content-Encoding). Which types are compressed is @fastify/compress's rule: text, JSON and XML,
 * then what mime-db calls compressible, so PDFs, images and archives go out untouched; so do
 * partial answers (206) and text/event-stream.
 *
 * Register after the idempotency plugin and before the routes: both add per-route onSend hooks
 * as routes are made, in registration order, so the Idempotency-Key store keeps (and replays)
 * the uncompressed answer and this compresses every answer, a replay too.
 *
 * Request bodies are never decompressed (globalDecompression false): no client sends compressed
 * bodies, and the payment notification's raw body must reach its route byte for byte.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD,
      // zstd stays off until browsers and the tests agree on it; br and gzip cover every browser.
      encodings: ['br', 'gzip'],
      // Quality 4 (the plugin's default too): on-the-fly brotli at the best quality costs
      // more time than it saves on the wire.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression', dependencies: ['idempotency'] },
);
