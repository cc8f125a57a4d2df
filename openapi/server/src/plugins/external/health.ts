import type { FastifyReply } from 'fastify';
import { problem } from '../../errors.js';
import { migrationsDir } from '../../paths.js';
import fp from 'fastify-plugin';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './problems.js';
import { pendingMigrations } from './migrate.js';

export interface HealthOptions {
  /** How long /readyz waits for the database before answering 503. */
  readinessTimeoutMs: number;
  /** Where the migrations the database must have are (default: the package's migrations/). */
  migrationsDir?: string;
}

type Readiness = { ready: true } | { ready: false; code: 'DB_UNAVAILABLE' | 'MIGRATIONS_PENDING'; message: string };

/** Resolves to `fallback` when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz (the process is up: 200 `{ status: 'ok' }`, never touches the database) and
 * GET /readyz (200 `{ status: 'ready' }` when the database answers within the readiness timeout
 * and has every migration of this build; otherwise a 503 Problem, code DB_UNAVAILABLE or
 * MIGRATIONS_PENDING, with Retry-After). Outside /api/v1, never cached: probes for a load
 * balancer or orchestrator (liveness and readiness).
 */
export default fp<HealthOptions>(
  async (app, options) => {
    const dir = options.migrationsDir ?? migrationsDir;

    async function readiness(): Promise<Readiness> {
      try {
        const pending = await pendingMigrations(app.db, dir);
        if (pending.length === 0) return { ready: true };
        // The names go to the log only: the probe is public.
        app.log.warn({ pending }, 'readiness check: database migrations pending');
        return {
          ready: false,
          code: 'MIGRATIONS_PENDING',
          message: 'The database is not up to date with this version of the server',
        };
      } catch (err) {
        app.log.warn({ err }, 'readiness check: database unavailable');
        return { ready: false, code: 'DB_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE };
      }
    }

    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

    app.get('/healthz', async (_request, reply) => noStore(reply).send({ status: 'ok' }));

    app.get('/readyz', async (_request, reply) => {
      const timedOut: Readiness = { ready: false, code: 'DB_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE };
      const state = await within(readiness(), options.readinessTimeoutMs, timedOut);
      noStore(reply);
      if (state.ready) return reply.send({ status: 'ready' });
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(problem(503, state.message, state.code));
    });
  },
  { name: 'health', dependencies: ['db'] },
);
