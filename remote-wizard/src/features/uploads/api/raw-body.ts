/**
 * The options that send a request body as raw bytes through the typed client: openapi-fetch
 * serialises bodies as JSON unless told otherwise, and a piece of a file must arrive as the
 * very bytes its md5_chunk was computed from.
 */
export const RAW_BODY = {
  bodySerializer: (body: unknown) => body as BodyInit,
  headers: { 'Content-Type': 'application/octet-stream' },
} as const;
