import type { InjectOptions } from 'fastify';
import { resolve, type ContractOperation, type Schema } from './spec-walk.js';

/** mulberry32, the seed's PRNG (src/seed/random.ts): a failing case reproduces from its seed. */
export { random as prng } from '../../src/seed/random.js';

export interface MalformedCase {
  label: string;
  request: InjectOptions;
}

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

/** A plausible value of a schema (first alternative, required and optional properties filled). */
export function sample(node: unknown, depth = 0): unknown {
  const schema = resolve(node);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = ((schema.anyOf ?? schema.oneOf) as unknown[] | undefined)?.[0];
  if (alternative) return sample(alternative, depth + 1);
  const allOf = (schema.allOf as unknown[] | undefined)?.map((part) => resolve(part)) ?? [];
  const types = typesOf(schema).length ? typesOf(schema) : allOf.flatMap(typesOf);
  const pattern = String(schema.pattern ?? '');
  if (types.includes('object') || schema.properties) {
    if (depth > 6) return {};
    const properties = (schema.properties as Record<string, unknown>) ?? {};
    return Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, sample(property, depth + 1)]),
    );
  }
  if (types.includes('array')) return depth > 6 ? [] : [sample(schema.items ?? {}, depth + 1)];
  if (types.includes('integer')) return Math.max(1, Number(schema.minimum ?? 1));
  if (types.includes('number')) return Math.max(1, Number(schema.minimum ?? 1));
  if (types.includes('boolean')) return true;
  if (types.includes('string')) {
    if (pattern.includes('{13}')) return '9780000000002';
    if (pattern.startsWith('^[0-9]')) return '100';
    return 'sample'.slice(0, Number(schema.maxLength ?? 6));
  }
  return null;
}

/** Values that break a field's type, bounds or text rules; picked from with the PRNG. */
const HOSTILE_VALUES: unknown[] = [
  'with\u0000nul',
  '\u0000',
  'x'.repeat(100_000),
  'line\nbreak\ttab\u001bescape\u007f\u0085',
  '\ud800 lone surrogate',
  '😀'.repeat(300),
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  1e20,
  2147483648,
  -2147483649,
  1e308,
  -1e308,
  0.5,
  -1,
  0,
  Number.MAX_SAFE_INTEGER + 2,
  '99999999999999999999',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  true,
  false,
  null,
  [],
  [null],
  {},
  { $ne: null },
  { nested: { deeper: ['x'] } },
  Array.from({ length: 5000 }, (_, i) => i),
];

/** JSON text of a value nested `depth` levels deep (arrays or objects); too deep for JSON.stringify. */
function deeplyNested(depth: number, asObject: boolean): string {
  return asObject ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

const PATH_VALUES = [
  '%00',
  'a%00b',
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  'abc',
  '1.5',
  '%FF%FE',
  '%',
  'x'.repeat(2000),
  '%F0%9F%98%80',
  '..%2F..%2Fetc',
  '%0d%0aX-Injected:%201',
];
const QUERY_VALUES = [...PATH_VALUES, '', '1&skip=2', 'true', '[1]'];

/** Fills the path template with the sampled (or given) parameter values, encoded. */
function urlOf(operation: ContractOperation, values: Record<string, string>, query: Record<string, string>): string {
  const path = operation.path.replace(/{(\w+)}/g, (_match, name: string) => values[name] ?? '1');
  const search = Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return `/api/v1${path}${search ? `?${search}` : ''}`;
}

/**
 * At least `minimum` malformed requests for one operation, generated from its schema: wrong
 * content types, missing and malformed bodies, wrong top-level types, extra properties, deep
 * nesting, and hostile values (NUL, huge numbers and strings, wrong types) in every parameter and
 * body property, the rest of the request kept plausible. Deterministic for a given `random`.
 */
export function malformedCases(operation: ContractOperation, random: () => number, minimum = 50): MalformedCase[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const encode = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    try {
      return encodeURIComponent(text);
    } catch {
      // A lone surrogate has no UTF-8 form: send the (invalid) bytes it would have instead.
      return '%ED%A0%80';
    }
  };
  const pathValues: Record<string, string> = {};
  const queryValues: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const value = encode(sample(parameter.schema));
    if (parameter.in === 'path') pathValues[parameter.name] = value;
    if (parameter.in === 'query' && parameter.required) queryValues[parameter.name] = value;
  }
  const method = operation.method as InjectOptions['method'];
  const contentType = operation.body?.contentType ?? 'application/json';
  const binary = contentType === 'application/octet-stream';
  const form = contentType === 'application/x-www-form-urlencoded';
  const base = operation.body ? sample(operation.body.schema) : undefined;
  const baseObject = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const serialise = (value: unknown): string =>
    form && value && typeof value === 'object'
      ? new URLSearchParams(
          Object.entries(value).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        ).toString()
      : JSON.stringify(value);
  const withBody = (
    label: string,
    payload: string | Buffer | undefined,
    type: string | undefined,
    url = urlOf(operation, pathValues, queryValues),
  ): MalformedCase => ({
    label,
    request: { method, url, ...(payload !== undefined && { payload }), headers: type ? { 'content-type': type } : {} },
  });
  const validBody = binary ? Buffer.from('chunk') : serialise(base ?? {});

  const cases: MalformedCase[] = [
    withBody('plausible request', operation.body ? validBody : undefined, operation.body ? contentType : undefined),
    withBody('no body', undefined, undefined),
    withBody('empty body with content type', '', contentType),
    withBody('text/plain body', 'just text', 'text/plain'),
    withBody('form body', 'a=1&initial_login=7', 'application/x-www-form-urlencoded'),
    withBody('octet-stream body', Buffer.from([0, 1, 2, 255]), 'application/octet-stream'),
    withBody('xml body', '<a>1</a>', 'application/xml'),
    withBody(
      'multipart body',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      'multipart/form-data; boundary=x',
    ),
    withBody('body without content type', validBody, undefined),
    withBody('content type with odd parameters', validBody, `${contentType}; charset=latin-99; x="\u0001"`),
    withBody('content type list', validBody, `${contentType}, text/plain`),
    withBody('malformed JSON (truncated)', '{"a":', 'application/json'),
    withBody('malformed JSON (single quotes)', "{'a': 1}", 'application/json'),
    withBody('JSON with NUL byte', '{"a":"\u0000"}', 'application/json'),
    withBody(
      'JSON with __proto__',
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
      'application/json',
    ),
    withBody('JSON null', 'null', contentType),
    withBody('JSON array', '[]', contentType),
    withBody('JSON number', '1e400', contentType),
    withBody('JSON string', '"text"', contentType),
    withBody('deeply nested arrays', deeplyNested(20_000, false), contentType),
    withBody('deeply nested objects', deeplyNested(20_000, true), contentType),
    withBody('extra property', serialise({ ...baseObject, unexpected_property: 'x' }), contentType),
    withBody('huge body', serialise({ ...baseObject, filler: 'x'.repeat(1_200_000) }), contentType),
  ];

  for (const parameter of operation.parameters) {
    for (const value of parameter.in === 'path' ? PATH_VALUES : QUERY_VALUES) {
      if (parameter.in === 'path') {
        cases.push(
          withBody(
            `path ${parameter.name}=${value.slice(0, 30)}`,
            operation.body ? validBody : undefined,
            operation.body ? contentType : undefined,
            urlOf(operation, { ...pathValues, [parameter.name]: value }, queryValues),
          ),
        );
      } else if (parameter.in === 'query') {
        cases.push(
          withBody(
            `query ${parameter.name}=${value.slice(0, 30)}`,
            operation.body ? validBody : undefined,
            operation.body ? contentType : undefined,
            urlOf(operation, pathValues, { ...queryValues, [parameter.name]: value }),
          ),
        );
      }
    }
  }

  // Hostile values in body properties (top level and one level down), chosen by the PRNG.
  const fields: string[][] = Object.entries(baseObject).flatMap(([name, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? [[name], ...Object.keys(value).map((inner) => [name, inner])]
      : [[name]],
  );
  const bodyCases = Math.max(fields.length * 3, minimum + 1 - cases.length, 10);
  for (let i = 0; operation.body && !binary && i < bodyCases; i += 1) {
    const field = fields.length ? pick(fields) : ['value'];
    const value = pick(HOSTILE_VALUES);
    const body = structuredClone(baseObject);
    if (field.length === 2) (body[field[0]!] as Record<string, unknown>)[field[1]!] = value;
    else body[field[0]!] = value;
    cases.push(
      withBody(`body ${field.join('.')}=${JSON.stringify(value)?.slice(0, 30)}`, serialise(body), contentType),
    );
  }
  // Operations without a body (or with raw bytes) get more hostile parameter combinations.
  const parameters = operation.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  // `minimum` malformed ones: the plausible request (first) does not count.
  while (cases.length < minimum + 1) {
    const parameter = parameters.length ? pick(parameters) : undefined;
    const value = encode(pick(HOSTILE_VALUES));
    if (!parameter) {
      cases.push(
        withBody(
          `stray query ${value.slice(0, 30)}`,
          undefined,
          undefined,
          `${urlOf(operation, pathValues, queryValues)}?x=${value}`,
        ),
      );
    } else if (parameter.in === 'path') {
      cases.push(
        withBody(
          `path ${parameter.name}=${value.slice(0, 30)}`,
          operation.body ? validBody : undefined,
          operation.body ? contentType : undefined,
          urlOf(operation, { ...pathValues, [parameter.name]: value }, queryValues),
        ),
      );
    } else {
      cases.push(
        withBody(
          `query ${parameter.name}=${value.slice(0, 30)}`,
          operation.body ? validBody : undefined,
          operation.body ? contentType : undefined,
          urlOf(operation, pathValues, { ...queryValues, [parameter.name]: value }),
        ),
      );
    }
  }
  return cases;
}
