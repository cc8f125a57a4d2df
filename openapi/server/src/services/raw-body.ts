import { Readable } from 'node:stream';
import type { preParsingAsyncHookHandler } from 'fastify';
import { HttpProblem } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for routes that keep it (the payment notification). */
    rawBody?: string;
  }
}

/** A payment notification is a few hundred bytes; anything far larger is not one. */
export const RAW_BODY_LIMIT = 64 * 1024;

/**
 * Route option (preParsing): keeps the request body as received in `request.rawBody`, then hands
 * the same bytes to the normal parser. The notification is stored as it came, not as re-encoded.
 */
export const keepRawBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > RAW_BODY_LIMIT) throw new HttpProblem(413, 'Request body is too large', 'FST_ERR_CTP_BODY_TOO_LARGE');
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  request.rawBody = raw.toString('utf8');
  return Readable.from([raw], { objectMode: false });
};

/** Form pairs of an already parsed body, re-encoded (only when the raw body was not kept). */
export function formText(body: unknown): string {
  const pairs = Object.entries((body ?? {}) as Record<string, unknown>).filter(
    (pair): pair is [string, string] => typeof pair[1] === 'string',
  );
  return new URLSearchParams(pairs).toString();
}
