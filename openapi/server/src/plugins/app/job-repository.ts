import { sql, type Kysely, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { Database, JobRow, JobStatus } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    jobRepository: JobRepository;
  }
}

export interface NewJob {
  type: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  runAt: Date;
}

/** The `jobs` table (migration 006): the queue behind src/jobs/. */
export interface JobRepository {
  enqueue(job: NewJob): Promise<JobRow>;
  /**
   * Enqueues unless a unique index of the jobs table refuses it (a job type that may wait only
   * once, such as the canary guard's, migration 021); answers the job, or undefined when refused.
   */
  enqueueUnlessWaiting(job: NewJob): Promise<JobRow | undefined>;
  /**
   * Claims the oldest due job: queued and due, or running with an expired lease (its worker
   * died). Marks it running until `leaseUntil` and counts the attempt. SKIP LOCKED: parallel
   * workers never wait for each other nor take the same job.
   */
  claimNext(now: Date, leaseUntil: Date): Promise<JobRow | undefined>;
  /**
   * The calls below act on one claim: `attempt` is the job's attempts as claimed (each claim
   * counts one up), so a worker whose lease ran out and whose job was claimed again changes
   * nothing: they answer false.
   */
  /** Moves the claim's lease to `leaseUntil` while its worker still runs the job. */
  extendLease(id: number, attempt: number, leaseUntil: Date): Promise<boolean>;
  complete(id: number, attempt: number, at: Date): Promise<boolean>;
  /** Back to queued, due at `nextRunAt`, with the error that ended this attempt. */
  retryLater(id: number, attempt: number, error: string, nextRunAt: Date): Promise<boolean>;
  /** Given up: no more attempts. */
  fail(id: number, attempt: number, error: string, at: Date): Promise<boolean>;
  /**
   * Gives up the jobs whose last attempt's worker vanished (lease expired, no attempt left): no
   * claim would ever take them again, so they are failed rather than left running. Answers them.
   */
  failAbandoned(now: Date): Promise<JobRow[]>;
  list(filter?: { type?: string; status?: JobStatus }): Promise<JobRow[]>;
  /**
   * Deletes the finished (done or failed) jobs of one type that finished before `before`;
   * answers how many. For recurring work, whose every run is a row: the canary guard.
   */
  deleteFinished(type: string, before: Date): Promise<number>;
}

/** Narrows an update to one claim of a job: still running, and not claimed again since. */
function ownClaim<Query extends UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>>(
  query: Query,
  id: number,
  attempt: number,
) {
  return query.where('id', '=', id).where('status', '=', 'running').where('attempts', '=', attempt);
}

const changed = (result: UpdateResult | undefined) => Number(result?.numUpdatedRows ?? 0) > 0;

/** The row a new job is inserted as: queued, due at `runAt`. */
function jobValues(job: Parameters<JobRepository['enqueue']>[0]) {
  return {
    type: job.type,
    payload: JSON.stringify(job.payload),
    max_attempts: job.maxAttempts,
    next_run_at: job.runAt,
    created_at: job.runAt,
  };
}

export function createJobRepository(db: Kysely<Database>): JobRepository {
  return {
    async enqueue(job) {
      return db.insertInto('jobs').values(jobValues(job)).returningAll().executeTakeFirstOrThrow();
    },

    async enqueueUnlessWaiting(job) {
      return db
        .insertInto('jobs')
        .values(jobValues(job))
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async claimNext(now, leaseUntil) {
      const result = await sql<JobRow>`
        UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${leaseUntil}
        WHERE id = (
          SELECT id FROM jobs
          WHERE (status = 'queued' AND next_run_at <= ${now})
             OR (status = 'running' AND locked_until <= ${now} AND attempts < max_attempts)
          ORDER BY next_run_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING *`.execute(db);
      return result.rows[0];
    },

    async extendLease(id, attempt, leaseUntil) {
      return changed(
        await ownClaim(db.updateTable('jobs').set({ locked_until: leaseUntil }), id, attempt).executeTakeFirst(),
      );
    },

    async complete(id, attempt, at) {
      return changed(
        await ownClaim(
          db.updateTable('jobs').set({ status: 'done', finished_at: at, locked_until: null }),
          id,
          attempt,
        ).executeTakeFirst(),
      );
    },

    async retryLater(id, attempt, error, nextRunAt) {
      return changed(
        await ownClaim(
          db
            .updateTable('jobs')
            .set({ status: 'queued', last_error: error, next_run_at: nextRunAt, locked_until: null }),
          id,
          attempt,
        ).executeTakeFirst(),
      );
    },

    async fail(id, attempt, error, at) {
      return changed(
        await ownClaim(
          db.updateTable('jobs').set({ status: 'failed', last_error: error, finished_at: at, locked_until: null }),
          id,
          attempt,
        ).executeTakeFirst(),
      );
    },

    async failAbandoned(now) {
      return db
        .updateTable('jobs')
        .set({
          status: 'failed',
          last_error: 'the worker of the last attempt stopped before finishing it (lease expired)',
          finished_at: now,
          locked_until: null,
        })
        .where('status', '=', 'running')
        .where('locked_until', '<=', now)
        .whereRef('attempts', '>=', 'max_attempts')
        .returningAll()
        .execute();
    },

    async deleteFinished(type, before) {
      const result = await db
        .deleteFrom('jobs')
        .where('type', '=', type)
        .where('status', 'in', ['done', 'failed'])
        .where('finished_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async list(filter = {}) {
      let query = db.selectFrom('jobs').selectAll().orderBy('id');
      if (filter.type !== undefined) query = query.where('type', '=', filter.type);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      return query.execute();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('jobRepository', createJobRepository(app.db));
  },
  { name: 'job-repository', dependencies: ['db'] },
);
