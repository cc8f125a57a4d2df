import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isConnectionFailure } from '../../src/plugins/external/db-availability.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it('recognises an unreachable or overloaded database', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('ETIMEDOUT'),
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {}),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006', 'connection failure'),
    ]) {
      assert.equal(isConnectionFailure(err), true, err.message);
    }
  });

  it('leaves bugs and constraint violations alone', () => {
    for (const err of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('23514', 'new row violates check constraint'),
      withCode('42P01', 'relation does not exist'),
      withCode('22P02', 'invalid input syntax for type integer'),
      new TypeError('Cannot read properties of undefined'),
      new Error('driver has already been destroyed'),
    ]) {
      assert.equal(isConnectionFailure(err), false, err.message);
    }
    assert.equal(isConnectionFailure('ECONNREFUSED'), false);
    assert.equal(isConnectionFailure(null), false);
  });
});
