import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A fastify-openapi-glue service handler. Declared through a method so that handlers typed with
 * a narrower request (`FastifyRequest<{ Body: LoginBody }>`) are assignable (method bivariance);
 * the glue has already validated the request against portal.yaml when the handler runs.
 */
export type ServiceHandler = {
  handle(request: FastifyRequest, reply: FastifyReply): unknown;
}['handle'];

/** operationId -> handler, the shape of the glue's `serviceHandlers` option. */
export type ServiceHandlers = Record<string, ServiceHandler>;
