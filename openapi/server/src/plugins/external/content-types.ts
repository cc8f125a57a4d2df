import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { HttpProblem } from '../../errors.js';
import type { SpecOperation } from '../../openapi.js';
import fp from 'fastify-plugin';

/** Fastify's own code for a body type it cannot take; the guard answers with the same one. */
export const UNSUPPORTED_MEDIA_TYPE_CODE = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';

export interface ContentTypesOptions {
  /** The operations of portal.yaml (listOperations), with their declared request bodies. */
  operations: SpecOperation[];
}

/**
 * The media type as Fastify's body validator reads it (lib/validation.js: the header up to the
 * first space or semicolon, lower case). Using the very same rule is the point: a type this guard
 * lets through is a type for which the validator has a schema, so no body escapes validation.
 */
export function essenceMediaType(header: string | undefined): string {
  if (!header) return '';
  return (header.split(/[ ;]/, 1)[0] ?? '').trim().toLowerCase();
}

function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The pre-parsing check of one operation: runs before any body parser sees the bytes. */
export function contentTypeGuard(operation: SpecOperation): preParsingHookHandler {
  const label = `${operation.method} ${operation.path}`;
  const body = operation.body;
  const accepted = body?.contentTypes.join(' or ') ?? '';
  return async (request, _reply, payload) => {
    const hasBody = carriesBody(request);
    if (!body) {
      if (hasBody) throw new HttpProblem(415, `${label} takes no request body`, UNSUPPORTED_MEDIA_TYPE_CODE);
      return payload;
    }
    if (!hasBody) {
      // Without a body Fastify would skip validation and hand the handler `undefined`.
      if (body.required) throw new HttpProblem(400, `body is required (${accepted})`, 'FST_ERR_VALIDATION');
      return payload;
    }
    const type = essenceMediaType(request.headers['content-type']);
    if (!body.contentTypes.includes(type)) {
      const given = type === '' ? 'a body without Content-Type' : type;
      throw new HttpProblem(415, `${label} accepts ${accepted}, not ${given}`, UNSUPPORTED_MEDIA_TYPE_CODE);
    }
    return payload;
  };
}

/**
 * Each operation of portal.yaml takes exactly the request body types portal.yaml declares for
 * it: an undeclared type answers 415 (naming the accepted ones), a missing required body 400.
 * Fastify validates a body only against the schema of its own content type and lets any other
 * type through unvalidated, and body parsers are app-wide (the glue registers every route in one
 * context; the payment sandboxes need the form parser too), so the check runs per route before
 * parsing: a form is only ever parsed for the PayFast notification, raw bytes only for uploads.
 * Routes outside portal.yaml (sandboxes, dev mailbox, static site) are left alone.
 */
export default fp<ContentTypesOptions>(
  async (app, { operations }) => {
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
    app.addHook('onRoute', (route) => {
      const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
      const operation = typeof operationId === 'string' ? byId.get(operationId) : undefined;
      if (!operation) return;
      const existing = route.preParsing ? [route.preParsing].flat() : [];
      route.preParsing = [contentTypeGuard(operation), ...existing];
    });
  },
  { name: 'content-types' },
);
