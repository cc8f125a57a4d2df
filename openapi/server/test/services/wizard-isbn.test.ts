import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BOOK_MESSAGES } from '../../src/domain/bulk-row.js';
import { ISBN_IN_USE_MESSAGE } from '../../src/services/wizard/index.js';
import { freshIsbn, quoteBody } from '../helpers/quote-body.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

describe('wizard service: POST /user/getvalidisbn', () => {
  let t: TestApp;
  let user: { accessToken: string; id: number };
  let other: { accessToken: string; id: number };

  before(async () => {
    t = await buildTestApp();
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const check = (isbn: unknown, token = user.accessToken) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/getvalidisbn', headers: bearer(token), payload: { isbn } });

  it('answers isValid true for a free ISBN with a correct check digit', async () => {
    const response = await check(freshIsbn());
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { statusCode: 200, isValid: true });
  });

  it("answers isValid false with the spec message once any book, the caller's own included, uses it", async () => {
    const isbn = freshIsbn();
    assert.equal(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/user/getquote',
          headers: bearer(other.accessToken),
          payload: quoteBody({ isbn }),
        })
      ).statusCode,
      200,
    );
    for (const token of [user.accessToken, other.accessToken]) {
      const response = await check(isbn, token);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { statusCode: 200, isValid: false, description: ISBN_IN_USE_MESSAGE });
    }
  });

  it('answers 400 for a wrong check digit with the ISBN message, and for malformed values', async () => {
    const wrong = await check('9780306406158');
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().message, BOOK_MESSAGES.isbnInvalid);
    // A number is coerced to its digits by the validator (as every body is), so it is no case here.
    for (const isbn of ['978030640615', '97803064061570', '978-0306406157', '', null]) {
      assert.equal((await check(isbn)).statusCode, 400, String(isbn));
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/getvalidisbn',
      payload: { isbn: freshIsbn() },
    });
    assert.equal(response.statusCode, 401);
  });
});
