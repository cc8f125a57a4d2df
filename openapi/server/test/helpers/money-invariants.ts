import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * The money rules every test run must leave intact, whatever it sent:
 * - each user's balance equals the sum of the user's *complete* ledger rows (`amount_after_fees`;
 *   payments are negative rows; a pending top-up is listed before it credits anything and a
 *   cancelled or failed one never credits), so no balance changed without a ledger row;
 * - no coupon is redeemed twice by one user, in any context (a voucher credited to the balance
 *   cannot also discount a cart), and no user has two `coupon` ledger rows for one code.
 * Answers the violations as readable lines (empty when all hold).
 */
export async function moneyInvariantViolations(app: FastifyInstance): Promise<string[]> {
  const violations: string[] = [];

  const balances = await sql<{ id: number; balance: string; ledger: string }>`
    SELECT u.id, u.balance::text AS balance,
           COALESCE(SUM(l.amount_after_fees) FILTER (WHERE l.status = 'complete'), 0)::text AS ledger
    FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id
    GROUP BY u.id, u.balance
    HAVING u.balance <> COALESCE(SUM(l.amount_after_fees) FILTER (WHERE l.status = 'complete'), 0)
  `.execute(app.db);
  for (const row of balances.rows) {
    violations.push(`user ${row.id}: balance ${row.balance} but complete ledger rows sum to ${row.ledger}`);
  }

  const redemptions = await sql<{ coupon_id: number; user_id: number; times: string }>`
    SELECT coupon_id, user_id, COUNT(*)::text AS times FROM coupon_redemptions
    GROUP BY coupon_id, user_id HAVING COUNT(*) > 1
  `.execute(app.db);
  for (const row of redemptions.rows) {
    violations.push(`user ${row.user_id}: coupon ${row.coupon_id} redeemed ${row.times} times`);
  }

  const couponRows = await sql<{ user_id: number; reference: string | null; times: string }>`
    SELECT user_id, lower(reference) AS reference, COUNT(*)::text AS times FROM ledger_entries
    WHERE type = 'coupon' GROUP BY user_id, lower(reference) HAVING COUNT(*) > 1
  `.execute(app.db);
  for (const row of couponRows.rows) {
    violations.push(`user ${row.user_id}: ${row.times} coupon ledger rows for ${String(row.reference)}`);
  }
  return violations;
}

/** Fails with every violated money invariant listed (see `moneyInvariantViolations`). */
export async function assertMoneyInvariants(app: FastifyInstance): Promise<void> {
  assert.deepEqual(await moneyInvariantViolations(app), [], 'money invariants violated');
}
