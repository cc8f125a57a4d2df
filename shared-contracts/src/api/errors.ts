import { GENERIC_ERROR_MESSAGE } from '../constants';

/** The error body every API failure carries (portal.yaml `Problem`). */
export interface ProblemBody {
  statusCode?: number | string;
  error?: string;
  message?: string;
  description?: string;
  code?: string;
}

/** A failed API call: HTTP status, human message and the optional domain code (U30, C15...). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status (0 when the network failed before any answer). */
    readonly status: number,
    message: string,
    /** Domain code from the body, e.g. 'U30'. */
    readonly code?: string,
    /** The parsed body as received. */
    readonly body?: unknown,
    /** Seconds from a `Retry-After` header (429 answers), when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Whole seconds of a `Retry-After` header; the HTTP-date form is not used by this API. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get('Retry-After')?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * Builds an ApiError from a response status and whatever body came back; pass the response
 * headers so a 429 carries how long to wait.
 */
export function toApiError(status: number, body: unknown, headers?: Headers): ApiError {
  const problem = (body && typeof body === 'object' ? body : {}) as ProblemBody;
  const message = problem.message ?? problem.description ?? '';
  const code = problem.code ?? (typeof problem.statusCode === 'string' ? problem.statusCode : undefined);
  return new ApiError(status, message, code, body, retryAfter(headers));
}

/**
 * Unwraps an openapi-fetch result: the data on success, otherwise throws an ApiError.
 * Keeps call sites to one line: `const user = unwrap(await client.GET(...))`.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    throw toApiError(result.response.status, result.error, result.response.headers);
  }
  return result.data as T;
}

/** A 401 answer: the call needed a session that is missing or no longer valid. */
export function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/** What a bare 401 reads on screen instead of the server's 'Unauthorized'. */
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

/**
 * The text an alert shows for an error: the server's message, or the specification's
 * generic fallback when the message is missing or is the bare 'Internal server error'.
 * A 401 without a message of its own asks the user to sign in: a raw 'Unauthorized' never
 * reaches the screen.
 */
export function alertMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  if (isUnauthorized(error) && (!message || message === 'Unauthorized')) return SIGN_IN_REQUIRED_MESSAGE;
  if (!message || message === 'Internal server error') return GENERIC_ERROR_MESSAGE;
  return message;
}
