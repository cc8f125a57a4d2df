import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNT, DEMO_PUBLISHER, seedDemo } from '../src/seed/index.js';
import { loadUnitCosts } from '../src/seed/unit-costs.js';
import { bearer, buildTestApp, loginToken, type TestApp } from './helpers/test-app.js';

/** The root README's demo table: the figures a reader is promised for each demo login. */
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** 'R 2 587.50' -> 2587.5 */
const rand = (text: string) => Number(text.replace(/^R /, '').replace(/ /g, ''));

/** [cart, balance] as the README's demo table states them for `email`. */
function readmeFigures(email: string): [number, number] {
  const row = README.split('\n').find((line) => line.startsWith(`| \`${email}\``));
  assert.ok(row, `README.md has a demo table row for ${email}`);
  const amounts = [...row.matchAll(/R \d{1,3}(?: \d{3})*\.\d{2}/g)].map((match) => rand(match[0]));
  assert.equal(amounts.length, 2, `two amounts (cart, balance) in: ${row}`);
  return [amounts[0]!, amounts[1]!];
}

describe('demo seed', () => {
  let t: TestApp;
  let app: FastifyInstance;
  before(async () => {
    t = await buildTestApp();
    app = t.app;
    await seedDemo(app);
  });
  after(() => t.close());

  async function cartOf(email: string, password: string) {
    const token = await loginToken(app, email, password);
    const response = await app.inject({ method: 'GET', url: '/api/v1/user/cart', headers: bearer(token) });
    assert.equal(response.statusCode, 200);
    return response.json<{ cartTotal: number; balance: number; amountToPay: number }>();
  }

  it('gives the demo account the cart and balance the README states (R 2 587.50, R 1 250.00)', async () => {
    const cart = await cartOf(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    assert.deepEqual([cart.cartTotal, cart.balance], [2587.5, 1250]);
    assert.deepEqual([cart.cartTotal, cart.balance], readmeFigures(DEMO_ACCOUNT.email));
    // Above the balance: the EFT top-up path.
    assert.equal(cart.amountToPay, 1337.5);
  });

  it('gives the publisher the cart and balance the README states (R 343.85, R 2 000.00)', async () => {
    const cart = await cartOf(DEMO_PUBLISHER.email, DEMO_PUBLISHER.password);
    assert.deepEqual([cart.cartTotal, cart.balance], [343.85, 2000]);
    assert.deepEqual([cart.cartTotal, cart.balance], readmeFigures(DEMO_PUBLISHER.email));
    // Covered by the balance: the pay-from-balance path.
    assert.equal(cart.amountToPay, 0);
  });

  it('prices the demo books with the unit costs and price list stored in the reference tables', async () => {
    const stored = await loadUnitCosts(app);
    assert.deepEqual(stored.local, { paperCostPerPage: 0.18, coverCost: 14 });
    assert.deepEqual(stored.international, { paperCostPerPage: 0.013, coverCost: 1 });

    // A changed row is what the builders see: nothing is copied from the migration.
    await sql`UPDATE reference_options SET unit_cost = 0.25 WHERE group_name = 'localPaperTypes' AND id = 1`.execute(
      app.db,
    );
    await sql`UPDATE prices SET config = jsonb_set(config, '{ebook,uploadFee}', '300') WHERE id = 1`.execute(app.db);
    try {
      const changed = await loadUnitCosts(app);
      assert.equal(changed.local.paperCostPerPage, 0.25);
      assert.equal(changed.prices.ebook.uploadFee, 300);
    } finally {
      await sql`UPDATE reference_options SET unit_cost = 0.18 WHERE group_name = 'localPaperTypes' AND id = 1`.execute(
        app.db,
      );
      await sql`UPDATE prices SET config = jsonb_set(config, '{ebook,uploadFee}', '299') WHERE id = 1`.execute(app.db);
    }
  });
});
