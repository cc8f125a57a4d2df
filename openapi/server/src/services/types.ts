import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@pod/shared-contracts/api/schema';

/**
 * Handler types derived from portal.yaml through the generated `operations` of
 * @pod/shared-contracts (openapi-typescript), so that a handler whose request or answer drifts
 * from the contract fails the type check instead of the contract tests, or the users.
 */

/** Every operationId of portal.yaml. */
export type OperationId = keyof operations;

type Operation<K extends OperationId> = operations[K];

/** The body of a request or response `content` map, whatever its media type. */
type ContentBody<C> = C extends { content: infer M } ? M[keyof M] : never;

type Parameters<K extends OperationId> = Operation<K>['parameters'];
type Defined<T> = [T] extends [undefined] ? never : Exclude<T, undefined>;

/** The request body the glue has validated against portal.yaml. */
export type RequestBody<K extends OperationId> =
  Operation<K> extends { requestBody?: infer B } ? ContentBody<NonNullable<B>> : never;

/** The statuses of an operation's answers below 300. */
type SuccessStatus<K extends OperationId> = Extract<keyof Operation<K>['responses'], 200 | 201 | 202 | 204>;

/** The body of the operation's success answers, as portal.yaml declares it. */
export type SuccessBody<K extends OperationId> = ContentBody<Operation<K>['responses'][SuccessStatus<K>]>;

/**
 * Fastify's route generic for an operation: body, query and path parameters as portal.yaml
 * declares them (the glue coerces and validates them before the handler runs).
 */
export interface OperationRoute<K extends OperationId> {
  Body: RequestBody<K>;
  Querystring: Defined<Parameters<K>['query']>;
  Params: Defined<Parameters<K>['path']>;
}

/** The request of operation K. */
export type OperationRequest<K extends OperationId> = FastifyRequest<OperationRoute<K>>;

/**
 * A handler of operation K: it returns the contract's success body (Fastify serialises it), or
 * the reply it has sent itself (a PDF, a redirect, a status other than 200). Errors are thrown
 * as HttpProblem and leave through the one error handler.
 */
export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<K> | FastifyReply> | SuccessBody<K> | FastifyReply;

/**
 * operationId -> handler, the shape of the glue's `serviceHandlers` option. A service file
 * returns its handlers `satisfies ServiceHandlers`, which types every handler's request from the
 * contract and checks what it returns.
 */
export type ServiceHandlers = { [K in OperationId]?: OperationHandler<K> };

/** A handler as Fastify's router holds it: the contract-typed request is erased at this boundary. */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** operationId -> route handler, what the glue's operation resolver looks up. */
export type RouteHandlers = Record<string, RouteHandler>;

/**
 * The service handlers as the router holds them. The glue validates every request against
 * portal.yaml before a handler runs, which is what makes the narrower contract types true.
 */
export const toRouteHandlers = (handlers: ServiceHandlers): RouteHandlers => handlers as RouteHandlers;
