import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { formatReconciliation } from '../src/reconcile.js';
import type { PaymentProvider, PaymentStatus } from '../src/plugins/external/db-schema.js';
import { buildTestApp, registerActiveUser, type TestApp } from './helpers/test-app.js';

const HOUR = 3_600_000;

describe('reconciliation (pnpm --filter api-server reconcile)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  async function attempt(userId: number, provider: PaymentProvider, status: PaymentStatus, hoursAgo: number) {
    const row = await t.app.paymentRepository.create({
      userId,
      reference: `PAY-${randomUUID()}`,
      providerReference: `POD-${randomUUID()}`,
      provider,
      status,
      amountCents: 130_00,
      providerAmountCents: 130_00,
      providerCurrency: 'ZAR',
      returnTokenHash: null,
      cart: { book_ids: [], international_book_ids: [], coupon_id: null },
    });
    const createdAt = new Date(Date.now() - hoursAgo * HOUR);
    await t.app.db
      .updateTable('payment_transactions')
      .set({ created_at: createdAt } as never)
      .where('id', '=', row.id)
      .execute();
    return row;
  }

  const notification = async (paymentReference: string | null, status: 'processed' | 'failed' | null) => {
    const stored = await t.app.paymentNotificationRepository.store({
      rawBody: `m_payment_id=${paymentReference ?? ''}`,
      sourceAddress: '127.0.0.1',
      paymentReference,
      receivedAt: new Date(),
    });
    if (status)
      await t.app.paymentNotificationRepository.recordAttempt(stored.id, {
        status,
        error: status === 'failed' ? 'database down' : undefined,
        at: new Date(),
      });
    return stored;
  };

  it('lists pending EFT attempts older than the cut-off that never got a notification, and notifications failed for good', async () => {
    const user = await registerActiveUser(t.app);
    const silent = await attempt(user.id, 'eft', 'pending', 2);
    const notified = await attempt(user.id, 'eft', 'pending', 2);
    await notification(notified.provider_reference, null); // received, still being processed
    await attempt(user.id, 'eft', 'pending', 0); // the user may still be at PayFast
    await attempt(user.id, 'card', 'pending', 2); // cards are verified on return, no notification
    await attempt(user.id, 'eft', 'complete', 2);
    await attempt(user.id, 'eft', 'cancelled', 2);
    const failed = await notification(`POD-${randomUUID()}`, 'failed');
    await notification(`POD-${randomUUID()}`, 'processed');

    const report = await t.app.paymentNotificationRepository.reconciliation(new Date(Date.now() - HOUR));
    assert.deepEqual(
      report.pendingWithoutNotification.map((row) => row.id),
      [silent.id],
    );
    assert.deepEqual(
      report.failedNotifications.map((row) => row.id),
      [failed.id],
    );

    const lines = formatReconciliation(report, 1);
    assert.equal(lines[0], 'EFT attempts pending over 1 h without any notification: 1');
    assert.match(lines[1]!, new RegExp(`#${silent.id} user ${user.id} ${silent.provider_reference}`));
    assert.equal(lines[2], 'Payment notifications that failed for good: 1');
    assert.match(lines[3]!, /1 attempts, last error: database down$/);
  });
});
