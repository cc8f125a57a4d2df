import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OperationRequest, RequestBody, ServiceHandlers, SuccessBody } from '../../src/services/types.js';
import { toRouteHandlers } from '../../src/services/types.js';

/*
 * The type check is the test here: `pnpm --filter api-server typecheck` compiles test/ too, and an
 * `@ts-expect-error` whose line compiles cleanly is itself an error ("Unused '@ts-expect-error'
 * directive"). So each marked line below proves that one kind of drift from portal.yaml fails the
 * check. One handler object per case, so each error stays on its marked line.
 *
 * What the check cannot see: an extra field in an answer (TypeScript does not check excess
 * properties of a function's inferred return), so the contract tests still walk the answers.
 */

const logoutAnswer = { statusCode: 0, description: 'You have been logged out' };

/** A handler matching the contract: request typed from the operation, answer checked. */
const matching = {
  async setInitialLogin(request) {
    const { initial_login } = request.body;
    return { statusCode: 0, initial_login };
  },
  logout: () => logoutAnswer,
} satisfies ServiceHandlers;

const wrongAnswerShape = {
  // @ts-expect-error -- logout answers StatusDescription, not a token pair.
  logout: async () => ({ accessToken: 'a', refreshToken: 'r' }),
} satisfies ServiceHandlers;

const missingAnswerField = {
  // @ts-expect-error -- a sales line without its profit is not the contract's SalesSummary.
  async getAllSale() {
    return { statusCode: 0, results: [{ quantity: 1, returned: 0, total_royalties: 0, total_revenue: 0 }] };
  },
} satisfies ServiceHandlers;

const wrongAnswerType = {
  // @ts-expect-error -- initial_login is the integer 0 or 1, not a string.
  async setInitialLogin() {
    return { statusCode: 0, initial_login: 'yes' };
  },
} satisfies ServiceHandlers;

const wrongBodyField = {
  async setInitialLogin(request) {
    // @ts-expect-error -- the body field is initial_login; initialLogin is not in the contract.
    const initial = request.body.initialLogin as 0 | 1;
    return { statusCode: 0, initial_login: initial };
  },
} satisfies ServiceHandlers;

const wrongParamType = {
  async archiveBook(request) {
    // @ts-expect-error -- the path's id is an integer (the glue coerces it), not a string.
    const id: string = request.params.id;
    return { statusCode: 0, description: id };
  },
} satisfies ServiceHandlers;

const wrongQueryName = {
  async getBookOrders(request) {
    // @ts-expect-error -- the page size is `take`; `limit` is not a parameter of the operation.
    const { limit } = request.query;
    return { statusCode: 0, results: [], description: String(limit) };
  },
} satisfies ServiceHandlers;

/** The helpers' types for code outside a handler. */
function initialLoginOf(request: OperationRequest<'setInitialLogin'>): RequestBody<'setInitialLogin'>['initial_login'] {
  return request.body.initial_login;
}
// @ts-expect-error -- 2 is outside the contract's enumeration 0 | 1.
const outOfRange: RequestBody<'setInitialLogin'> = { initial_login: 2 };
// @ts-expect-error -- a token pair has no statusCode.
const notAPair: SuccessBody<'refreshToken'> = { statusCode: 0, accessToken: 'a', refreshToken: 'r' };

describe('handler types from portal.yaml', () => {
  it('erases nothing at run time: the router gets the same handlers', async () => {
    const routes = toRouteHandlers(matching);
    assert.deepEqual(await routes.logout!({} as never, {} as never), logoutAnswer);
    assert.equal(routes.setInitialLogin, matching.setInitialLogin);
  });

  it('keeps the drifting examples compiled (they exist for the type check)', () => {
    const examples = [
      wrongAnswerShape,
      missingAnswerField,
      wrongAnswerType,
      wrongBodyField,
      wrongParamType,
      wrongQueryName,
    ];
    assert.equal(examples.length, 6);
    assert.equal(typeof initialLoginOf, 'function');
    assert.deepEqual([outOfRange, notAPair].length, 2);
  });
});
