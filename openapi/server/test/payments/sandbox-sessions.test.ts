import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/plugins/external/db-schema.js';
import { openDatabase } from '../../src/plugins/external/db.js';
import {
  createSandboxSessions,
  SANDBOX_SESSION_RETENTION_DAYS,
  type SandboxSessions,
} from '../../src/payments/sandbox/sessions.js';
import { createClock, createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

describe('payment sandbox sessions: kept for the retention, then cleared', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let sessions: SandboxSessions;
  const clock = createClock();
  const DAY = 86_400;

  before(async () => {
    database = await createTestDatabase();
    db = await openDatabase(database.options);
    sessions = createSandboxSessions(db, clock.now);
  });
  after(async () => {
    await db.destroy();
    await database.drop();
  });

  const session = (id: string) => ({ id, status: 'shown', state: { amount: '10.00' } });
  const ids = async () =>
    (await db.selectFrom('payment_sandbox_sessions').select('id').orderBy('id').execute()).map((row) => row.id);

  it('a new session removes those older than the retention and keeps the younger ones', async () => {
    assert.equal(await sessions.create('payfast', 'payment', session('a-old')), true);
    clock.advance(2 * DAY);
    assert.equal(await sessions.create('card', 'charge', session('b-younger')), true);
    clock.advance((SANDBOX_SESSION_RETENTION_DAYS - 1) * DAY);
    // a-old is now retention + 1 days old, b-younger retention - 1.
    assert.equal(await sessions.create('paypal', 'order', session('c-new')), true);
    assert.deepEqual(await ids(), ['b-younger', 'c-new']);
    assert.equal(await sessions.get('payfast', 'payment', 'a-old'), undefined);
    assert.deepEqual(await sessions.get('card', 'charge', 'b-younger'), session('b-younger'));
  });

  it('a session within the retention still advances, and a second create of it keeps the first', async () => {
    assert.equal(await sessions.create('card', 'charge', session('b-younger')), false);
    const moved = await sessions.advance('card', 'charge', 'b-younger', { from: 'shown', to: 'paid' });
    assert.equal(moved?.status, 'paid');
  });
});
