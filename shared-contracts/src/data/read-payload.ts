/**
 * The specification's generic reading of a GET answer (account-area.md section 7): the
 * `results` field, else the `result` field, else the answer itself.
 */
export function readPayload(data: unknown): unknown {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const body = data as { results?: unknown; result?: unknown };
    if (body.results !== undefined && body.results !== null) return body.results;
    if (body.result !== undefined && body.result !== null) return body.result;
  }
  return data;
}

/** `value` when it is a list, else an empty one (an answer of the wrong shape holds nothing). */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
