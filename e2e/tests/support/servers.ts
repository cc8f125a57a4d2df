/**
 * The servers under test (started by playwright.config.ts, one per project).
 * `portal`: the default lifetimes; `short-access-token`: access tokens that expire within seconds;
 * `deployments`: environment `staging` of its own copy of the static root, which
 * tests/deploy-and-pin.spec.ts deploys into and rolls back (see tests/support/paths.ts);
 * `checkout`: its own database, so the journeys that spend the demo balances and pay the demo
 * carts (tests/checkout.spec.ts) never change what the library journeys read.
 */
export const SERVERS = {
  portal: { port: 8181, environment: 'local' },
  shortAccessToken: { port: 8182, environment: 'local', accessTokenTtlSeconds: 5 },
  deployments: { port: 8183, environment: 'staging' },
  checkout: { port: 8184, environment: 'local' },
} as const;

/** The origin of a server under test (127.0.0.1: the origin whose localStorage holds the session). */
export function originOf(port: number): string {
  return `http://127.0.0.1:${port}`;
}
