/**
 * How long the server waits for clients and for the database, and how much a request may carry.
 * Each value comes from the environment (milliseconds / bytes), with the defaults below; see the
 * README section "Timeouts, limits and health".
 */
export interface TimeoutSettings {
  /** Whole request (headers and body) must arrive within this (REQUEST_TIMEOUT_MS): 408 otherwise. */
  requestTimeoutMs: number;
  /** A socket idle this long is closed (CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Largest request body (BODY_LIMIT_BYTES); upload pieces are at most 1,024,000 bytes. */
  bodyLimitBytes: number;
  /** Getting a PostgreSQL connection from the pool, connecting included (DB_CONNECT_TIMEOUT_MS). */
  dbConnectTimeoutMs: number;
  /** An unused pooled connection is closed after this (DB_IDLE_TIMEOUT_MS). */
  dbIdleTimeoutMs: number;
  /** The server cancels a statement running longer (DB_STATEMENT_TIMEOUT_MS). */
  dbStatementTimeoutMs: number;
  /** The client gives up on a query whose answer does not arrive (DB_QUERY_TIMEOUT_MS): a hung server or network. */
  dbQueryTimeoutMs: number;
  /** GET /readyz waits this long for the database (READINESS_TIMEOUT_MS). */
  readinessTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: TimeoutSettings = {
  requestTimeoutMs: 30_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
  bodyLimitBytes: 1_048_576,
  dbConnectTimeoutMs: 5_000,
  dbIdleTimeoutMs: 30_000,
  dbStatementTimeoutMs: 15_000,
  dbQueryTimeoutMs: 20_000,
  readinessTimeoutMs: 2_000,
};

const VARIABLES: Record<keyof TimeoutSettings, string> = {
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  connectionTimeoutMs: 'CONNECTION_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  bodyLimitBytes: 'BODY_LIMIT_BYTES',
  dbConnectTimeoutMs: 'DB_CONNECT_TIMEOUT_MS',
  dbIdleTimeoutMs: 'DB_IDLE_TIMEOUT_MS',
  dbStatementTimeoutMs: 'DB_STATEMENT_TIMEOUT_MS',
  dbQueryTimeoutMs: 'DB_QUERY_TIMEOUT_MS',
  readinessTimeoutMs: 'READINESS_TIMEOUT_MS',
};

/** Reads the settings; a value that is not a positive integer fails the start with its variable's name. */
export function loadTimeoutSettings(env: NodeJS.ProcessEnv = process.env): TimeoutSettings {
  const settings = { ...DEFAULT_TIMEOUTS };
  for (const key of Object.keys(VARIABLES) as Array<keyof TimeoutSettings>) {
    const raw = env[VARIABLES[key]]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) {
      throw new Error(`${VARIABLES[key]} must be a positive integer, got '${raw}'`);
    }
    settings[key] = value;
  }
  return settings;
}

/**
 * Fastify's server options for the settings. Node enforces the request timeout on a periodic
 * sweep (every 30 s by default), so the sweep runs at a quarter of the timeout: a request is cut
 * between 1 and 1.25 times REQUEST_TIMEOUT_MS. Headers must arrive within the same time.
 */
export function serverTimeoutOptions(settings: TimeoutSettings) {
  const sweep = Math.min(30_000, Math.max(25, Math.floor(settings.requestTimeoutMs / 4)));
  return {
    requestTimeout: settings.requestTimeoutMs,
    connectionTimeout: settings.connectionTimeoutMs,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    bodyLimit: settings.bodyLimitBytes,
    http: { headersTimeout: settings.requestTimeoutMs, connectionsCheckingInterval: sweep },
  };
}
