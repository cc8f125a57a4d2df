import { STATUS_CODES } from 'node:http';
import type { RouteOptions } from 'fastify';

/** The one error body of the API. `code` carries a domain code (U30, VALIDATION, FST_ERR_VALIDATION...). */
export interface Problem {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

/** Thrown by services; the error handler turns it into a Problem body unchanged. */
export class HttpProblem extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  /** Response headers that belong to the error (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, code?: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpProblem';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }

  toProblem(): Problem {
    return problem(this.statusCode, this.message, this.code);
  }
}

export function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export function problem(statusCode: number, message: string, code?: string): Problem {
  const body: Problem = { statusCode, error: reasonPhrase(statusCode), message };
  if (code !== undefined) body.code = code;
  return body;
}

export const RATE_LIMITED_MESSAGE = 'Too many attempts, please try again in a few minutes';

export function tooManyAttempts(retryAfterSeconds: number, message = RATE_LIMITED_MESSAGE): HttpProblem {
  return new HttpProblem(429, message, 'RATE_LIMITED', { 'retry-after': String(retryAfterSeconds) });
}

type SchemaErrorFormatter = NonNullable<RouteOptions['schemaErrorFormatter']>;

/**
 * A route's schema error formatter that answers `problem()` when the path parameters fail the
 * contract (an e-mailed link mangled by a mail client must fail like any other bad link, without
 * saying which check failed), and Fastify's own wording for the other parts of the request.
 */
export function paramsFailureAs(problem: () => HttpProblem): SchemaErrorFormatter {
  return (errors, dataVar) => {
    if (dataVar === 'params') return problem();
    // Same text as Fastify's default formatter, e.g. "body must have required property 'password'".
    return new Error(errors.map((e) => `${dataVar}${e.instancePath || ''} ${e.message ?? ''}`).join(', '));
  };
}

/** The front end maps exactly this text to its generic fallback alert (spec section 8). */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
