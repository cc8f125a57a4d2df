import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { HttpProblem } from './errors.js';
import { toRouteHandlers, type RouteHandler, type RouteHandlers, type ServiceHandlers } from './services/types.js';

export interface SpecOperation {
  operationId: string;
  method: string;
  /** The path as written in portal.yaml, without the /api/v1 prefix. */
  path: string;
  /** The request body portal.yaml declares (its media types, lower case), or null for none. */
  body: { contentTypes: string[]; required: boolean } | null;
  /** Names of the request headers portal.yaml declares as parameters (lower case), e.g. idempotency-key. */
  headers: string[];
}

type OpenApiDocument = Record<string, unknown> & { paths?: Record<string, Record<string, unknown>> };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

export async function loadSpecification(specPath: string): Promise<OpenApiDocument> {
  let text: string;
  try {
    text = await readFile(specPath, 'utf8');
  } catch (err) {
    throw new Error(`OpenAPI specification not readable at ${specPath}`, { cause: err });
  }
  const document: unknown = parse(text);
  if (typeof document !== 'object' || document === null) {
    throw new Error(`OpenAPI specification at ${specPath} is not a YAML/JSON object`);
  }
  return document as OpenApiDocument;
}

/** Same rule as fastify-openapi-glue for operations without an operationId (get /user/{id} -> getUserById). */
function fallbackOperationId(method: string, path: string): string {
  const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return [method, ...path.split('/').slice(1)]
    .map((part, i) => (i > 0 ? upperFirst(part) : part))
    .join('')
    .replace(/{(\w+)}/g, (_match, name: string) => `By${upperFirst(name)}`)
    .replace(/[^a-z]/gi, '');
}

interface RequestBodyObject {
  $ref?: string;
  required?: boolean;
  content?: Record<string, unknown>;
}

/** The declared body of an operation, following one `#/components/requestBodies/...` reference. */
function requestBodyOf(document: OpenApiDocument, requestBody: unknown): SpecOperation['body'] {
  let body = requestBody as RequestBodyObject | undefined;
  if (body?.$ref) {
    const name = body.$ref.split('/').pop() ?? '';
    const components = document.components as { requestBodies?: Record<string, RequestBodyObject> } | undefined;
    body = components?.requestBodies?.[name];
  }
  if (!body?.content) return null;
  return {
    contentTypes: Object.keys(body.content).map((type) => type.toLowerCase()),
    required: body.required === true,
  };
}

interface ParameterObject {
  $ref?: string;
  name?: unknown;
  in?: unknown;
}

/** The header parameters of a path item and its operation, following `#/components/parameters/...` references. */
function headerParametersOf(document: OpenApiDocument, ...lists: unknown[]): string[] {
  const components = document.components as { parameters?: Record<string, ParameterObject> } | undefined;
  const names: string[] = [];
  for (const list of lists) {
    for (const entry of Array.isArray(list) ? (list as ParameterObject[]) : []) {
      const parameter = entry?.$ref ? components?.parameters?.[entry.$ref.split('/').pop() ?? ''] : entry;
      if (parameter?.in === 'header' && typeof parameter.name === 'string') names.push(parameter.name.toLowerCase());
    }
  }
  return names;
}

/** Every operation of the document with its method, path as written and declared request body. */
export function listOperations(document: OpenApiDocument): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as
        { operationId?: unknown; requestBody?: unknown; parameters?: unknown } | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const operationId =
        typeof operation.operationId === 'string' ? operation.operationId : fallbackOperationId(method, path);
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        body: requestBodyOf(document, operation.requestBody),
        headers: headerParametersOf(document, item.parameters, operation.parameters),
      });
    }
  }
  return operations;
}

export function notImplementedMessage(operation: SpecOperation): string {
  return `${operation.method} ${operation.path} (${operation.operationId}) is not implemented yet in this version of the reference API`;
}

/**
 * Returns the handlers completed with a 501 Problem for every operation of the spec that has no
 * implementation yet, so the whole contract is routed (and validated) from day one and a missing
 * handler is an explicit 501 instead of the glue's generic 500.
 */
export function withNotImplemented(handlers: ServiceHandlers, operations: SpecOperation[]): RouteHandlers {
  const complete: RouteHandlers = { ...toRouteHandlers(handlers) };
  for (const operation of operations) {
    if (Object.hasOwn(complete, operation.operationId)) continue;
    const message = notImplementedMessage(operation);
    const handler: RouteHandler = async () => {
      throw new HttpProblem(501, message);
    };
    complete[operation.operationId] = handler;
  }
  return complete;
}
