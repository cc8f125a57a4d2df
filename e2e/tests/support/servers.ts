/**
 * The first of the five ports the servers under test listen on: 8181 unless `E2E_PORT_BASE`
 * says otherwise, so two checkouts on one machine can run their journeys at the same time.
 */
export const PORT_BASE = portBase(process.env.E2E_PORT_BASE);

function portBase(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8181;
  const base = Number(raw);
  if (!Number.isInteger(base) || base < 1024 || base > 65531) {
    throw new Error(`E2E_PORT_BASE must be a port from 1024 to 65531 (five ports are used from it), not '${raw}'`);
  }
  return base;
}

function portAt(offset: number): number {
  return PORT_BASE + offset;
}

/**
 * The servers under test (started by playwright.config.ts, one per project).
 * `portal`: the default lifetimes; `short-access-token`: access tokens that expire within seconds;
 * `deployments`: environment `staging` of its own copy of the static root, which
 * tests/deploy-and-pin.spec.ts deploys into and rolls back (see tests/support/paths.ts), and whose
 * canary guard checks every second and judges a canary after 3 loads (tests/canary-rollback.spec.ts);
 * `checkout`: its own database, so the journeys that spend the demo balances and pay the demo
 * carts (tests/checkout.spec.ts) never change what the library journeys read;
 * `remoteOrigin`: a second origin serving one remote version, started by
 * tests/cross-origin-remote.spec.ts itself (a team's bucket or CDN, as the `deployments` portal sees it).
 */
export const SERVERS = {
  portal: { port: portAt(0), environment: 'local' },
  shortAccessToken: { port: portAt(1), environment: 'local', accessTokenTtlSeconds: 5 },
  deployments: { port: portAt(2), environment: 'staging', canaryGuard: { intervalSeconds: 1, minLoads: 3 } },
  checkout: { port: portAt(3), environment: 'local' },
  remoteOrigin: { port: portAt(4) },
} as const;

/** The origin of a server under test (127.0.0.1: the origin whose localStorage holds the session). */
export function originOf(port: number): string {
  return `http://127.0.0.1:${port}`;
}
