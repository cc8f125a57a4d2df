import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/**
 * The database cannot be reached or does not answer in time (refused, reset, pool or query
 * timeout, server shutting down, too many connections, statement timeout). Thrown in place of
 * the driver's error by the dialect of plugins/external/db.ts; the error handler answers 503
 * DB_UNAVAILABLE with Retry-After. The driver's error is the `cause` (logged, never sent).
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "wrong query": connection exceptions
 * (class 08), insufficient resources (class 53: too many connections, out of memory, disk full),
 * and operator intervention (57014 statement timeout or cancel, 57P01-57P03 shutdown/starting up).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code === '57014' || /^57P0[1-3]$/.test(code);
}

/**
 * node-postgres and pg-pool report client-side timeouts and lost connections as plain Errors
 * (no code): 'timeout exceeded when trying to connect', 'Connection terminated unexpectedly',
 * 'Connection terminated due to connection timeout', 'Query read timeout', 'Client has
 * encountered a connection error and is not queryable'.
 */
const DRIVER_MESSAGES =
  /timeout exceeded when trying to connect|connection terminated|query read timeout|not queryable/i;

/**
 * Whether a driver error means the database is unreachable or overloaded (503, try again)
 * rather than a bug or a constraint (500 or the service's own answer).
 */
export function isConnectionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return isUnavailableSqlState(code);
  }
  if (err instanceof AggregateError && err.errors.length > 0 && err.errors.every(isConnectionFailure)) return true;
  return DRIVER_MESSAGES.test(err.message);
}

/** Rejects with DatabaseUnavailableError when `operation` fails for a reason `isFailure` accepts. */
async function guarded<T>(operation: () => Promise<T>, isFailure: (err: unknown) => boolean): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    throw isFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
}

/**
 * The dialect `inner` whose every database call reports unavailability as
 * DatabaseUnavailableError. The driver's own connection objects go back to the driver
 * unchanged (they hold private state), so connections are wrapped only towards Kysely.
 * @param isFailure which errors mean "unavailable" (default isConnectionFailure)
 */
export function withAvailabilityErrors(
  inner: Dialect,
  isFailure: (err: unknown) => boolean = isConnectionFailure,
): Dialect {
  return {
    createQueryCompiler: () => inner.createQueryCompiler(),
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => availabilityDriver(inner.createDriver(), isFailure),
  };
}

function availabilityDriver(driver: Driver, isFailure: (err: unknown) => boolean): Driver {
  const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => originals.get(connection) ?? connection;
  const guard = <T>(operation: () => Promise<T>) => guarded(operation, isFailure);

  function wrap(connection: DatabaseConnection): DatabaseConnection {
    const wrapped: DatabaseConnection = {
      executeQuery: (query, options) => guard(() => connection.executeQuery(query, options)),
      async *streamQuery(query, chunkSize, options) {
        try {
          yield* connection.streamQuery(query, chunkSize, options);
        } catch (err) {
          throw isFailure(err) ? new DatabaseUnavailableError(err) : err;
        }
      },
    };
    originals.set(wrapped, connection);
    return wrapped;
  }

  const wrappedDriver: Driver = {
    init: (options) => guard(() => driver.init(options)),
    acquireConnection: async (options) => wrap(await guard(() => driver.acquireConnection(options))),
    beginTransaction: (connection, settings) => guard(() => driver.beginTransaction(unwrap(connection), settings)),
    commitTransaction: (connection) => guard(() => driver.commitTransaction(unwrap(connection))),
    rollbackTransaction: (connection) => guard(() => driver.rollbackTransaction(unwrap(connection))),
    releaseConnection: (connection, options) => driver.releaseConnection(unwrap(connection), options),
    destroy: (options) => driver.destroy(options),
  };
  if (driver.savepoint) {
    const savepoint = driver.savepoint.bind(driver);
    wrappedDriver.savepoint = (connection, name, compile) => guard(() => savepoint(unwrap(connection), name, compile));
  }
  if (driver.rollbackToSavepoint) {
    const rollbackTo = driver.rollbackToSavepoint.bind(driver);
    wrappedDriver.rollbackToSavepoint = (connection, name, compile) =>
      guard(() => rollbackTo(unwrap(connection), name, compile));
  }
  if (driver.releaseSavepoint) {
    const release = driver.releaseSavepoint.bind(driver);
    wrappedDriver.releaseSavepoint = (connection, name, compile) =>
      guard(() => release(unwrap(connection), name, compile));
  }
  return wrappedDriver;
}
