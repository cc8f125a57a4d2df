import { sql, type Kysely } from 'kysely';
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
   * Claims the oldest due job: queued and due, or running with an expired lease (its worker
   * died). Marks it running until `leaseUntil` and counts the attempt. SKIP LOCKED: parallel
   * workers never wait for each other nor take the same job.
   */
  claimNext(now: Date, leaseUntil: Date): Promise<JobRow | undefined>;
  complete(id: number, at: Date): Promise<void>;
  /** Back to queued, due at `nextRunAt`, with the error that ended this attempt. */
  retryLater(id: number, error: string, nextRunAt: Date): Promise<void>;
  /** Given up: no more attempts. */
  fail(id: number, error: string, at: Date): Promise<void>;
  list(filter?: { type?: string; status?: JobStatus }): Promise<JobRow[]>;
}

export function createJobRepository(db: Kysely<Database>): JobRepository {
  return {
    async enqueue(job) {
      return db
        .insertInto('jobs')
        .values({
          type: job.type,
          payload: JSON.stringify(job.payload),
          max_attempts: job.maxAttempts,
          next_run_at: job.runAt,
          created_at: job.runAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
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

    async complete(id, at) {
      await db
        .updateTable('jobs')
        .set({ status: 'done', finished_at: at, locked_until: null })
        .where('id', '=', id)
        .execute();
    },

    async retryLater(id, error, nextRunAt) {
      await db
        .updateTable('jobs')
        .set({ status: 'queued', last_error: error, next_run_at: nextRunAt, locked_until: null })
        .where('id', '=', id)
        .execute();
    },

    async fail(id, error, at) {
      await db
        .updateTable('jobs')
        .set({ status: 'failed', last_error: error, finished_at: at, locked_until: null })
        .where('id', '=', id)
        .execute();
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
