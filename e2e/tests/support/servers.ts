/**
 * The servers under test (started by playwright.config.ts, one per project).
 * `portal`: the default lifetimes; `short-access-token`: access tokens that expire within seconds.
 */
export const SERVERS = {
  portal: { port: 8181 },
  shortAccessToken: { port: 8182, accessTokenTtlSeconds: 5 },
} as const;

/** The origin of a server under test (127.0.0.1: the origin whose localStorage holds the session). */
export function originOf(port: number): string {
  return `http://127.0.0.1:${port}`;
}
