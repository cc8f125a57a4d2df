import type { Readable } from 'node:stream';
import { errorCodes, type FastifyRequest } from 'fastify';

/**
 * A raw request body (application/octet-stream: the upload pieces, the only operations that
 * take one) as it arrived: the chunks the socket was read in, in order, never joined. Joining a
 * piece copied its megabyte into a new Buffer, and every such Buffer is external memory to V8,
 * whose pressure started a full garbage collection every few pieces (e2e/bench/not-met.md);
 * the MD5 is taken part by part and the file store writes the parts as they are (writev).
 */
export class RawBytes {
  constructor(
    /** The body's bytes in the order they arrived. */
    readonly parts: readonly Buffer[],
    /** Their total length. */
    readonly length: number,
  ) {}

  /** The first `count` bytes (fewer when the body is shorter): copied only when they span parts. */
  head(count: number): Buffer {
    const first = this.parts[0] ?? Buffer.alloc(0);
    if (first.length >= count || this.parts.length === 1) return first.subarray(0, count);
    return Buffer.concat(this.parts, Math.min(count, this.length));
  }
}

/**
 * The application/octet-stream body parser: the body as {@link RawBytes}, under the route's body
 * limit with the errors Fastify's own buffer parser gives (lib/content-type-parser.js, rawBody):
 * 413 FST_ERR_CTP_BODY_TOO_LARGE when the Content-Length or the bytes received pass the limit,
 * 400 FST_ERR_CTP_INVALID_CONTENT_LENGTH when the body is not as long as its Content-Length.
 * Like Fastify's it stops listening instead of destroying the stream (destroying a request not
 * read to its end destroys its socket, and the answer would never leave); Fastify closes the
 * connection after an answer to a body it could not parse.
 */
export function parseRawBytes(request: FastifyRequest, payload: Readable): Promise<RawBytes> {
  const limit = request.routeOptions.bodyLimit;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let length = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    function onData(part: Buffer | string) {
      const buffer = Buffer.isBuffer(part) ? part : Buffer.from(part);
      length += buffer.length;
      if (length > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      parts.push(buffer);
    }
    function onEnd() {
      stop();
      if (!Number.isNaN(declared) && length !== declared) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(new RawBytes(parts, length));
    }
    function onError(error: Error & { statusCode?: number }) {
      stop();
      // As Fastify does: a stream failure without a status of its own (the client went away) is a 400.
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      reject(error);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
