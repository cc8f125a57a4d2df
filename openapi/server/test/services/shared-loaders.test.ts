import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadSpecification } from '../../src/openapi.js';
import { bearer, buildTestApp, registerUser, specPath, type TestApp } from '../helpers/test-app.js';

// The shared loaders of the front end (books.ts, orders.ts, wizard.ts), in one file so one app
// serves them all. A new account has no books, orders or sales (empty lists); the wizard's
// reference data (options, artists, prices) comes from migration 003 for everyone.

type Schema = { $ref?: string; type?: string; required?: string[]; properties?: Record<string, Schema> };
type Spec = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
};

const LOADERS: Array<{ path: string; query?: string; body?: Record<string, unknown> }> = [
  { path: '/user/quoteinfo' },
  { path: '/user/getallsale', body: { statusCode: 0, results: [] } },
  { path: '/user/getbookorders', query: '?skip=0&take=100', body: { statusCode: 11, results: [], total: 0 } },
  { path: '/voiceover/getallvoiceoverartists' },
  { path: '/user/getuserbooks', body: { statusCode: 0, localBooks: [], internationalBooks: [] } },
  { path: '/user/pricinglist' },
  { path: '/user/booksrenewal', body: { statusCode: 0, results: [] } },
];

describe('shared loaders', () => {
  let t: TestApp;
  let spec: Spec;
  let accessToken: string;

  before(async () => {
    t = await buildTestApp();
    spec = (await loadSpecification(specPath)) as unknown as Spec;
    ({ accessToken } = await registerUser(t.app));
  });
  after(() => t.close());

  const get = (url: string, token: string | undefined = accessToken) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, ...(token && { headers: bearer(token) }) });

  /** The 200 JSON schema of a GET in portal.yaml, with a top-level $ref resolved. */
  function successSchema(path: string): Schema {
    const schema = spec.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema;
    assert.ok(schema, `GET ${path} has a 200 JSON schema`);
    return schema.$ref ? (spec.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? schema) : schema;
  }

  for (const { path, query = '', body } of LOADERS) {
    it(`GET ${path} answers ${body ? 'its empty list' : 'the reference data'} in the shape of portal.yaml`, async () => {
      const response = await get(`${path}${query}`);
      assert.equal(response.statusCode, 200, response.body);
      const answer = response.json<Record<string, unknown>>();
      if (body) assert.deepEqual(answer, body);
      else {
        assert.equal(answer.statusCode, 0);
        assert.ok(Array.isArray(answer.results) && answer.results.length > 0, 'reference data is not empty');
      }

      const schema = successSchema(path);
      const keys = Object.keys(answer);
      for (const key of schema.required ?? []) assert.ok(keys.includes(key), `required '${key}'`);
      for (const key of keys) {
        assert.ok(schema.properties && key in schema.properties, `'${key}' is a property of the schema`);
        if (Array.isArray(answer[key])) assert.equal(schema.properties[key]?.type, 'array', key);
      }

      assert.equal((await get(`${path}${query}`, '')).statusCode, 401, 'needs a bearer token');
    });
  }

  it("answers the loaders' trailing-slash /user/getuserbooks/ like the path itself", async () => {
    const response = await get('/user/getuserbooks/');
    assert.deepEqual(response.json(), { statusCode: 0, localBooks: [], internationalBooks: [] });
  });

  it('validates the paging of /user/getbookorders against portal.yaml', async () => {
    assert.deepEqual((await get('/user/getbookorders')).json(), { statusCode: 11, results: [], total: 0 });
    for (const query of ['?take=101', '?take=0', '?skip=-1']) {
      const response = await get(`/user/getbookorders${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.json().code, 'FST_ERR_VALIDATION');
    }
  });
});
