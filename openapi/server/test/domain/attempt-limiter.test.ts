import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AttemptLimiter } from '../../src/domain/attempt-limiter.js';
import { createClock } from '../helpers/test-app.js';

describe('AttemptLimiter', () => {
  it('allows max attempts per window, then tells how long to wait', () => {
    const clock = createClock();
    const limiter = new AttemptLimiter({ max: 3, windowSeconds: 60 }, clock.now);
    for (let i = 0; i < 3; i += 1) {
      assert.equal(limiter.retryAfter('a'), 0);
      limiter.hit('a');
    }
    assert.equal(limiter.retryAfter('a'), 60);
    assert.equal(limiter.retryAfter('b'), 0, 'keys are independent');
    clock.advance(45);
    assert.equal(limiter.retryAfter('a'), 15);
    clock.advance(15);
    assert.equal(limiter.retryAfter('a'), 0, 'a new window starts');
  });
});
