import { STATUS_CODES } from 'node:http';

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

export function tooManyAttempts(retryAfterSeconds: number): HttpProblem {
  return new HttpProblem(429, RATE_LIMITED_MESSAGE, 'RATE_LIMITED', { 'retry-after': String(retryAfterSeconds) });
}

/** The front end maps exactly this text to its generic fallback alert (spec section 8). */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
