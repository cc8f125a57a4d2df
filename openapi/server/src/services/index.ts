import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { createAuthService } from './auth.js';
import { createProfileService } from './profile.js';
import type { ServiceHandlers } from './types.js';

/** Every implemented operation of portal.yaml, keyed by operationId (one file per spec area). */
export function createServiceHandlers(app: FastifyInstance, config: AppConfig): ServiceHandlers {
  return {
    ...createAuthService(app, config),
    ...createProfileService(app, config),
  };
}
