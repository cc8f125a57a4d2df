import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contractOperations, unboundedRequestValues } from './spec-walk.js';

/**
 * Every value a client can send is bounded by portal.yaml (defect 5 of the probe): strings carry a
 * maxLength and the shared control-character pattern, integers stay within int4, numbers and
 * arrays have bounds. A new operation or field without bounds fails here, by name.
 */
describe('portal.yaml bounds every request value', () => {
  it('has no unbounded string, integer, number, array or open object in any request', () => {
    const unbounded = contractOperations().flatMap(unboundedRequestValues);
    assert.deepEqual(unbounded, []);
  });
});
