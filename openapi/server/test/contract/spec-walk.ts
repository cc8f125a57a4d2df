import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { specPath } from '../helpers/test-app.js';

/** A JSON Schema node of portal.yaml with its references resolved (lazily, see `resolve`). */
export type Schema = Record<string, unknown>;

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

/** One operation of portal.yaml as the contract suite reads it. */
export interface ContractOperation {
  operationId: string;
  method: string;
  /** As written in portal.yaml, e.g. /user/viewusersbookinfo/{id}/{kindId}. */
  path: string;
  secured: boolean;
  parameters: ContractParameter[];
  body: { contentType: string; required: boolean; schema: Schema } | null;
}

type Document = { paths: Record<string, Record<string, Schema>>; security?: unknown[] } & Schema;

/** The contract the server runs (the same file), parsed once. */
export const contract: Document = parse(readFileSync(specPath, 'utf8')) as Document;

/** Follows `$ref: '#/...'` until a schema without one (portal.yaml's request schemas do not recurse). */
export function resolve(node: unknown): Schema {
  let current = node as Schema;
  for (let hops = 0; typeof current?.$ref === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`reference loop at ${String(current.$ref)}`);
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<Schema>((at, key) => at[key] as Schema, contract);
  }
  return current;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of portal.yaml, in document order. */
export function contractOperations(): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (!operation) continue;
      const parameters = [
        ...((item.parameters as unknown as unknown[]) ?? []),
        ...((operation.parameters as unknown[]) ?? []),
      ]
        .map((p) => resolve(p))
        .map((p) => ({
          name: p.name as string,
          in: p.in as ContractParameter['in'],
          required: p.required === true,
          schema: resolve(p.schema),
        }));
      const requestBody = operation.requestBody ? resolve(operation.requestBody) : undefined;
      const [contentType, media] = Object.entries((requestBody?.content as Record<string, Schema>) ?? {})[0] ?? [];
      const security = (operation.security ?? contract.security) as unknown[] | undefined;
      operations.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(security) && security.length > 0,
        parameters,
        body:
          contentType && media
            ? { contentType, required: requestBody?.required === true, schema: resolve(media.schema) }
            : null,
      });
    }
  }
  return operations;
}

export const INT4_MAX = 2147483647;

const typesOf = (schema: Schema): string[] => {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
};

/** Sub-schemas combined with this one (allOf parts apply together; anyOf/oneOf are alternatives). */
const parts = (schema: Schema, keyword: 'allOf' | 'anyOf' | 'oneOf') =>
  ((schema[keyword] as unknown[]) ?? []).map((part) => resolve(part));

/** A keyword of the schema or of one of its allOf parts (how portal.yaml shares `pattern`). */
function keyword(schema: Schema, name: string): unknown {
  if (schema[name] !== undefined) return schema[name];
  for (const part of parts(schema, 'allOf')) {
    const found = keyword(part, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The unbounded places of one request schema: a string without maxLength or control-character
 * pattern, an integer outside int4 or without both bounds, a number without both bounds, an
 * array without maxItems, an object open to any property without maxProperties.
 */
export function unboundedPlaces(schema: Schema, at: string): string[] {
  const found: string[] = [];
  const bounded = schema.enum !== undefined || schema.const !== undefined;
  const types = typesOf(schema);
  if (!bounded && types.includes('string')) {
    if (keyword(schema, 'maxLength') === undefined) found.push(`${at}: string without maxLength`);
    if (keyword(schema, 'pattern') === undefined) found.push(`${at}: string without pattern`);
  }
  if (!bounded && types.includes('integer')) {
    const [min, max] = [keyword(schema, 'minimum'), keyword(schema, 'maximum')] as Array<number | undefined>;
    if (min === undefined || max === undefined || min < -INT4_MAX - 1 || max > INT4_MAX) {
      found.push(`${at}: integer not bounded within int4`);
    }
  } else if (!bounded && types.includes('number')) {
    if (keyword(schema, 'minimum') === undefined || keyword(schema, 'maximum') === undefined) {
      found.push(`${at}: number without minimum and maximum`);
    }
  }
  if (types.includes('array')) {
    if (schema.maxItems === undefined) found.push(`${at}: array without maxItems`);
    if (schema.items) found.push(...unboundedPlaces(resolve(schema.items), `${at}/items`));
  }
  if (types.includes('object') || schema.properties) {
    for (const [name, property] of Object.entries((schema.properties as Record<string, unknown>) ?? {})) {
      found.push(...unboundedPlaces(resolve(property), `${at}/${name}`));
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object') found.push(...unboundedPlaces(resolve(extra), `${at}/*`));
    else if (extra !== false && schema.maxProperties === undefined) found.push(`${at}: object without maxProperties`);
  }
  for (const alternative of [...parts(schema, 'anyOf'), ...parts(schema, 'oneOf')]) {
    found.push(...unboundedPlaces(alternative, at));
  }
  return found;
}

/** The unbounded places of every request value of an operation (parameters and body). */
export function unboundedRequestValues(operation: ContractOperation): string[] {
  const found = operation.parameters.flatMap((p) => unboundedPlaces(p.schema, `${p.in} ${p.name}`));
  if (operation.body && operation.body.contentType !== 'application/octet-stream') {
    found.push(...unboundedPlaces(operation.body.schema, 'body'));
  }
  return found.map((place) => `${operation.operationId} ${place}`);
}
