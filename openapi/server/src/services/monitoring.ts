import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import {
  foldEvents,
  hourOf,
  isRoutePattern,
  REMOTE_EVENT_RETENTION_DAYS,
  routePatternMessage,
} from '../domain/remote-events.js';
import { HttpProblem, tooManyAttempts } from '../errors.js';
import { createAttemptLimits } from './attempt-limits.js';
import type { ServiceHandlers } from './types.js';

export const REMOTE_EVENTS_RATE_LIMITED_MESSAGE = 'Too many reports. Please wait a while before sending more.';

/** A report for an environment this server does not stand for (PORTAL_ENV). */
export function otherEnvironmentMessage(served: string, sent: string): string {
  return `This server counts the events of environment "${served}", not "${sent}".`;
}

/** Old hours are purged at most this often per process, PURGE_BATCH counters at a time. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 500;

/**
 * Front-end load and error counts (portal.yaml tag monitoring; the description there is the
 * contract). Anonymous and personal-data free: the counters hold no address, user or message.
 */
export function createMonitoringService(app: FastifyInstance, config: AppConfig) {
  const attempts = createAttemptLimits(app, config.now);
  let lastPurge = Number.NEGATIVE_INFINITY;
  let lastArm = Number.NEGATIVE_INFINITY;

  /**
   * Cheap upkeep after a report, never delaying its answer: purge old hours (once an hour per
   * process) and re-arm the canary guard (once per interval per process; a no-op while its next
   * check waits), so a chain cut by a database outage starts again while reports arrive.
   */
  function upkeep(at: Date): void {
    if (at.getTime() - lastPurge >= PURGE_INTERVAL_MS) {
      lastPurge = at.getTime();
      const before = new Date(at.getTime() - REMOTE_EVENT_RETENTION_DAYS * 86_400_000);
      app.background.run('old front-end event counts could not be purged', () =>
        app.remoteEventRepository.purgeBefore(before, PURGE_BATCH),
      );
    }
    const guard = app.canaryGuard;
    if (guard && at.getTime() - lastArm >= config.canaryGuard.intervalSeconds * 1000) {
      lastArm = at.getTime();
      app.background.run('the canary guard could not be armed', () => guard.arm());
    }
  }

  return {
    async reportRemoteEvents(request, reply) {
      const { environment, events } = request.body;
      if (environment !== config.portalEnv) {
        throw new HttpProblem(400, otherEnvironmentMessage(config.portalEnv, environment), 'VALIDATION');
      }
      const unpatterned = events.findIndex((event) => !isRoutePattern(event.route));
      if (unpatterned >= 0) throw new HttpProblem(400, routePatternMessage(unpatterned), 'VALIDATION');
      const limits = config.rateLimits;
      if (limits) {
        const reserved = await attempts.reserveAll([
          { limit: limits.remoteEventsPerAddress, scope: 'remote-events-address', value: request.ip },
        ]);
        if (!reserved.granted) throw tooManyAttempts(reserved.retryAfter, REMOTE_EVENTS_RATE_LIMITED_MESSAGE);
      }
      const at = config.now();
      await app.remoteEventRepository.add(environment, hourOf(at), foldEvents(events));
      upkeep(at);
      return reply.code(204).send();
    },
  } satisfies ServiceHandlers;
}
