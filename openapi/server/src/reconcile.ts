/**
 * Reconciliation report for the finance team (`pnpm --filter api-server reconcile`):
 *   - EFT attempts still pending, started over `--pending-hours` ago (default 1), for which no
 *     payment notification ever arrived: ask PayFast whether the money came (it may have paid
 *     and its notifications all failed to reach us);
 *   - payment notifications that failed on every attempt (status failed): stored as received,
 *     so they can be checked by hand or re-queued.
 * Reads the database the server uses (DATABASE_URL, else the PGlite DATA_DIR: stop the server
 * first, PGlite serves one process; it refuses while another process holds the folder). Exit
 * code 0 when there is nothing to look at, 2 otherwise.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './plugins/external/db.js';
import {
  createPaymentNotificationRepository,
  type ReconciliationReport,
} from './plugins/app/payment-notification-repository.js';

/** The report as text lines (one per finding). */
export function formatReconciliation(report: ReconciliationReport, pendingHours: number): string[] {
  const lines = [
    `EFT attempts pending over ${pendingHours} h without any notification: ${report.pendingWithoutNotification.length}`,
  ];
  for (const row of report.pendingWithoutNotification) {
    lines.push(
      `  #${row.id} user ${row.user_id} ${row.provider_reference} (ref ${row.reference}) R ${row.provider_amount} started ${row.created_at.toISOString()}`,
    );
  }
  lines.push(`Payment notifications that failed for good: ${report.failedNotifications.length}`);
  for (const row of report.failedNotifications) {
    lines.push(
      `  #${row.id} ${row.payment_reference ?? '(no m_payment_id)'} from ${row.source_address} received ${row.received_at.toISOString()}, ${row.attempts} attempts, last error: ${row.last_error ?? '-'}`,
    );
  }
  return lines;
}

async function main() {
  const { values } = parseArgs({ options: { 'pending-hours': { type: 'string', default: '1' } } });
  const pendingHours = Number(values['pending-hours']);
  if (!Number.isFinite(pendingHours) || pendingHours < 0)
    throw new Error('--pending-hours must be a number of hours >= 0');
  const db = await openDatabase(loadConfig().database);
  try {
    // As at server start (idempotent): the report's tables exist even on a database never served.
    await migrateDatabase(db);
    const report = await createPaymentNotificationRepository(db).reconciliation(
      new Date(Date.now() - pendingHours * 3_600_000),
    );
    console.log(formatReconciliation(report, pendingHours).join('\n'));
    process.exitCode = report.pendingWithoutNotification.length + report.failedNotifications.length > 0 ? 2 : 0;
  } finally {
    await db.destroy();
  }
}

// Run as a script (not when a test imports formatReconciliation).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
