import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a proxy or client may set to correlate its request with our logs; we always answer it. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is short and plain (letters, digits, `.`, `_`, `:`, `-`;
 * at most 128): it lands verbatim in logs and a response header, so nothing that could forge a
 * log line or a header is echoed. Anything else gets a fresh UUID.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
