import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  alertMessage,
  Button,
  DataTable,
  formatCents,
  formatDay,
  QueryState,
  queryKeys,
  raiseAlert,
  type DataTableColumn,
  type StatementSummary,
} from '@pod/shared-contracts';
import { downloadStatement } from './api/download-statement';
import { listStatements } from './api/list-statements';
import styles from './reports.module.css';

const STATUS_LABELS: Record<StatementSummary['status'], string> = {
  open: 'Open',
  pending: 'Awaiting payout',
  paid: 'Paid',
  carried_forward: 'Carried forward',
};

function Downloads({ statement }: { statement: StatementSummary }) {
  const [busy, setBusy] = useState(false);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(true);
    try {
      await downloadStatement(statement.period, format);
    } catch (error) {
      raiseAlert({ variant: 'danger', message: alertMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.actions}>
      <Button
        variant="secondary"
        disabled={busy}
        aria-label={`Download PDF of ${statement.period}`}
        onClick={() => void download('pdf')}
      >
        Download PDF
      </Button>
      <Button
        variant="secondary"
        disabled={busy}
        aria-label={`Download CSV of ${statement.period}`}
        onClick={() => void download('csv')}
      >
        Download CSV
      </Button>
    </span>
  );
}

const COLUMNS: DataTableColumn<StatementSummary>[] = [
  { key: 'period', label: 'Period', cell: (s) => `${s.period} (${formatDay(s.start)} to ${formatDay(s.end)})` },
  { key: 'payout', label: 'Payout date', cell: (s) => formatDay(s.payout_date) },
  { key: 'status', label: 'Status', cell: (s) => STATUS_LABELS[s.status] },
  {
    key: 'royalties',
    label: 'Royalties',
    numeric: true,
    cell: (s) =>
      s.totals.length === 0
        ? 'No sales'
        : s.totals.map((total) => formatCents(total.royalties_cents, total.currency)).join(' and '),
  },
  { key: 'downloads', label: 'Downloads', labelHidden: true, cell: (s) => <Downloads statement={s} /> },
];

/** The royalty statements, one per payout period (quarter), each as PDF or CSV. */
export function StatementsList() {
  const query = useQuery({ queryKey: queryKeys.reports('statements'), queryFn: listStatements });
  return (
    <QueryState
      query={query}
      loadingLabel="Loading statements"
      isEmpty={(statements) => statements.length === 0}
      empty={<p>No statements yet: the first appears with your first sale.</p>}
    >
      {(statements) => (
        <DataTable
          caption="Royalty statements by payout period"
          columns={COLUMNS}
          rows={statements}
          rowKey={(s) => s.period}
        />
      )}
    </QueryState>
  );
}
