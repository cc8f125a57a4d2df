import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryAfterSeconds } from '../../src/domain/attempt-limiter.js';

describe('retryAfterSeconds', () => {
  it('rounds the rest of the window up to whole seconds, never below 1', () => {
    const now = new Date('2026-03-02T08:00:00Z');
    const later = (ms: number) => new Date(now.getTime() + ms);
    assert.equal(retryAfterSeconds(later(900_000), now), 900);
    assert.equal(retryAfterSeconds(later(1_500), now), 2);
    assert.equal(retryAfterSeconds(later(0), now), 1);
    assert.equal(retryAfterSeconds(later(-5_000), now), 1);
  });
});
