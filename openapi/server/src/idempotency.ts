import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@pod/shared-contracts/constants';
import {
  FINGERPRINTED_BODY_TYPES,
  IDEMPOTENCY_CODES,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_PROCESSING_LEASE_MS,
  isValidIdempotencyKey,
  keepsAnswer,
  NOT_REPLAYED_OPERATIONS,
  requestFingerprint,
} from './domain/idempotency.js';
import { HttpProblem } from './errors.js';
import {
  armIdempotencyCleanup,
  createIdempotencyCleanupJob,
  IDEMPOTENCY_CLEANUP_JOB,
} from './jobs/idempotency-cleanup.js';
import type { SpecOperation } from './openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key claim this request holds until its answer is kept (or released). */
    idempotencyClaim: number | undefined;
  }
}

export interface IdempotencyOptions {
  /** The operations of portal.yaml; those declaring the Idempotency-Key header get the mechanism. */
  operations: SpecOperation[];
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** The bytes of an answer as onSend sees it; null for a stream, which cannot be kept. */
function answerBytes(payload: unknown): Uint8Array | null {
  if (payload === undefined || payload === null) return new Uint8Array();
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (payload instanceof Uint8Array) return payload;
  return null;
}

/** The malformed-key check: before authentication and body parsing, so every caller gets it. */
const checkKey: onRequestHookHandler = async (request) => {
  const value = request.headers[HEADER];
  if (value !== undefined && !isValidIdempotencyKey(value)) {
    throw new HttpProblem(400, IDEMPOTENCY_MESSAGES.invalid, IDEMPOTENCY_CODES.invalid);
  }
};

/**
 * Idempotency-Key on every mutating operation of portal.yaml that declares the header
 * (components/parameters/IdempotencyKey; the decisions are written there and in the README):
 * - a malformed key is a 400 before anything else runs;
 * - after authentication and validation the key is claimed in PostgreSQL (one INSERT ... ON
 *   CONFLICT DO NOTHING, so of parallel requests exactly one runs), per user (or, anonymous, per
 *   key and request fingerprint);
 * - the answer is kept with the claim (a 5xx or 429 releases it instead);
 * - a repeat answers the kept answer with `Idempotent-Replayed: true`, 409 while the first still
 *   runs, 422 when the key was used for a different request.
 * Hooks are added per route (onRoute), so only these operations pay for it.
 */
export default fp<IdempotencyOptions>(
  async (app, { operations }) => {
    const repository = app.idempotencyRepository;
    const covered = new Map(
      operations.filter((operation) => operation.headers.includes(HEADER)).map((op) => [op.operationId, op]),
    );
    // Raw bytes (the upload pieces) are idempotent by their own rule: a key there is a spec error.
    const unfingerprinted = [...covered.values()].filter((operation) =>
      operation.body?.contentTypes.some((type) => !FINGERPRINTED_BODY_TYPES.has(type)),
    );
    if (unfingerprinted.length > 0) {
      const ids = unfingerprinted.map((operation) => operation.operationId).join(', ');
      throw new Error(
        `${IDEMPOTENCY_KEY_HEADER} is declared by operations whose body is never fingerprinted (raw bytes): ${ids}; ` +
          'portal.yaml leaves the key out of them',
      );
    }
    app.decorateRequest('idempotencyClaim', undefined);
    app.jobs.define(IDEMPOTENCY_CLEANUP_JOB, createIdempotencyCleanupJob(app));
    let cleanupArmed = false;

    async function replayOrRefuse(
      reply: FastifyReply,
      scope: string,
      key: string,
      fingerprint: string,
    ): Promise<FastifyReply> {
      const row = await repository.find(scope, key);
      if (row && row.fingerprint !== fingerprint) {
        throw new HttpProblem(422, IDEMPOTENCY_MESSAGES.reused, IDEMPOTENCY_CODES.reused);
      }
      // No row: the first request just failed and released the key; the caller may retry now.
      if (!row || row.status_code === null) {
        throw new HttpProblem(409, IDEMPOTENCY_MESSAGES.inProgress, IDEMPOTENCY_CODES.inProgress, {
          'retry-after': '1',
        });
      }
      reply.code(row.status_code).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      if (row.content_type) reply.header('content-type', row.content_type);
      return reply.send(Buffer.from(row.body ?? new Uint8Array()));
    }

    /** Runs after the route's security handler (request.userId is known) and validation. */
    async function claim(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
      const key = request.headers[HEADER];
      if (!isValidIdempotencyKey(key)) return undefined;
      const fingerprint = requestFingerprint(app.fingerprintKey, request.method, request.url, request.body);
      const scope = request.userId ? `user:${request.userId}` : `anonymous:${fingerprint}`;
      const now = app.config.now();
      const id = await repository.claim({
        scope,
        key,
        userId: request.userId || null,
        fingerprint,
        now,
        lockedUntil: new Date(now.getTime() + IDEMPOTENCY_PROCESSING_LEASE_MS),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      });
      if (id === undefined) return replayOrRefuse(reply, scope, key, fingerprint);
      request.idempotencyClaim = id;
      if (!cleanupArmed) {
        cleanupArmed = true;
        // Upkeep only (expired keys are ignored by the claim anyway): never fail the request for it.
        await armIdempotencyCleanup(app).catch((err: unknown) => {
          cleanupArmed = false;
          request.log.error({ err }, 'could not arm the Idempotency-Key cleanup');
        });
      }
      return undefined;
    }

    /** Keeps the answer with the claim before it leaves, so a repeat right after it finds it. */
    const keep: onSendHookHandler = async (request, reply, payload) => {
      const id = request.idempotencyClaim;
      if (id === undefined) return payload;
      request.idempotencyClaim = undefined;
      const body = answerBytes(payload);
      try {
        if (body === null || !keepsAnswer(reply.statusCode)) {
          await repository.release(id);
        } else {
          const contentType = reply.getHeader('content-type');
          await repository.complete(
            id,
            { statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body },
            app.config.now(),
          );
        }
      } catch (err) {
        // The answer still goes out; the claim expires with its lease.
        request.log.error({ err }, 'could not keep the answer of an Idempotency-Key');
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
      if (typeof operationId !== 'string' || !covered.has(operationId)) return;
      const hooks = (existing: unknown) => (existing ? [existing].flat() : []);
      route.onRequest = [checkKey, ...hooks(route.onRequest)] as typeof route.onRequest;
      // Answers that carry credentials are never kept: the key is accepted (and checked) only.
      if (NOT_REPLAYED_OPERATIONS.has(operationId)) return;
      route.preHandler = [...hooks(route.preHandler), claim] as typeof route.preHandler;
      route.onSend = [...hooks(route.onSend), keep] as typeof route.onSend;
    });
  },
  { name: 'idempotency', dependencies: ['idempotency-repository', 'jobs', 'auth'] },
);
