import type { FastifyError } from 'fastify';
import { HttpProblem, INTERNAL_ERROR_MESSAGE, problem } from '../../errors.js';
import fp from 'fastify-plugin';
import { DatabaseUnavailableError } from './db-availability.js';

/** The 503 message while the database cannot be reached (DB_UNAVAILABLE). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/** Retry-After of that 503, in seconds: long enough not to hammer a recovering database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Whether `err` or one of its causes says the database is unavailable. */
function isDatabaseUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
  }
  return false;
}

/** Message of the safety net below; it names no column or value (the details are logged). */
export const INVALID_VALUE_MESSAGE =
  'The request contains a value that cannot be stored (invalid text or a number out of range)';

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: 22021 NUL or invalid byte sequence, 22003
 * numeric value out of range, 22P02 invalid text representation...), as raised by pg and PGlite
 * alike (an error with a five-character `code` and a `severity`). Such an error is caused by the
 * value a client sent, so it is the client's 400, not a server fault.
 */
export function isDataException(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string';
}

/**
 * Every error leaves the server as a Problem body `{ statusCode, error, message, code? }`.
 * Stack traces and internal messages never do: anything unexpected becomes a bare 500.
 */
export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError | HttpProblem>(async (err, request, reply) => {
      if (err instanceof HttpProblem) {
        return reply.code(err.statusCode).headers(err.headers).send(err.toProblem());
      }

      if ('validation' in err && err.validation) {
        // Fastify's own wording, e.g. "body must have required property 'email'".
        return reply.code(400).send(problem(400, err.message, 'FST_ERR_VALIDATION'));
      }

      if (isDatabaseUnavailable(err)) {
        // Not the generic 500: the request may well succeed in a moment, and clients may retry.
        request.log.warn({ err }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(problem(503, DATABASE_UNAVAILABLE_MESSAGE, 'DB_UNAVAILABLE'));
      }

      if (isDataException(err)) {
        // A safety net only: portal.yaml bounds every request value (length, control characters,
        // int4 range), so this should never run; when it does, the log says which bound is missing.
        request.log.warn({ err }, 'database data exception answered 400: a portal.yaml bound is missing');
        return reply.code(400).send(problem(400, INVALID_VALUE_MESSAGE, 'INVALID_VALUE'));
      }

      const statusCode = typeof err.statusCode === 'number' ? err.statusCode : 500;

      if (statusCode === 401) {
        // Raised by the bearerAuth security handler (via fastify-openapi-glue); the cause stays in the log.
        request.log.debug({ err }, 'authentication failed');
        return reply.code(401).header('www-authenticate', 'Bearer').send(problem(401, 'Unauthorized'));
      }

      if (statusCode >= 400 && statusCode < 500) {
        // Fastify client errors (bad JSON, wrong content type, body too large) have safe messages.
        return reply.code(statusCode).send(problem(statusCode, err.message, err.code));
      }

      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(problem(500, INTERNAL_ERROR_MESSAGE));
    });

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      return reply.code(404).send(problem(404, `Route ${request.method} ${path} not found`));
    });
  },
  { name: 'problems' },
);
