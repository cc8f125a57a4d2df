import { useState } from 'react';
import { alertMessage, Button, raiseAlert } from '@pod/shared-contracts';
import { exportReport, type ExportKind } from './api/export-report';
import type { ReportQuery } from './report-query';
import styles from './reports.module.css';

const EXPORTS: readonly { kind: ExportKind; label: string }[] = [
  { kind: 'sales', label: 'Export sales (CSV)' },
  { kind: 'orders', label: 'Export orders (CSV)' },
  { kind: 'transactions', label: 'Export transactions (CSV)' },
];

/**
 * CSV exports of exactly what the filters show (the same query as the chart): the file comes
 * through the shared client as a Blob and is saved under the server's name. Disabled while a
 * custom range is incomplete; a failure raises the server's message.
 */
export function ExportButtons({ query }: { query: ReportQuery | null }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const run = async (kind: ExportKind) => {
    if (!query) return;
    setBusy(kind);
    try {
      await exportReport(kind, query);
    } catch (error) {
      raiseAlert({ variant: 'danger', message: alertMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.actions} role="group" aria-label="Exports">
      {EXPORTS.map((item) => (
        <Button
          key={item.kind}
          variant="secondary"
          disabled={query === null || busy !== null}
          onClick={() => void run(item.kind)}
        >
          {busy === item.kind ? `${item.label.replace('Export', 'Exporting')}…` : item.label}
        </Button>
      ))}
    </div>
  );
}
