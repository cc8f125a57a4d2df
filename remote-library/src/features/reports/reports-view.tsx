import { useState } from 'react';
import { Card, useBooksQuery } from '@pod/shared-contracts';
import { bookOptions } from './book-options';
import { ExportButtons } from './export-buttons';
import { DEFAULT_FILTERS, filterRange, type ReportFilters } from './report-filters';
import { ReportFiltersForm, type Choice } from './report-filters-form';
import { reportQuery } from './report-query';
import { SalesReportView } from './sales-report';
import { StatementsList } from './statements-list';
import styles from './reports.module.css';

// The channels the marketplace feed uses (GET /reports/sales `channel`); the API takes any slug.
const CHANNELS: readonly Choice[] = [
  { value: '', label: 'All channels' },
  { value: 'takealot', label: 'Takealot' },
  { value: 'amazon', label: 'Amazon' },
  { value: 'direct', label: 'Direct' },
];

const REGIONS: readonly Choice[] = [
  { value: '', label: 'All regions' },
  { value: 'local', label: 'Local (R)' },
  { value: 'international', label: 'International (USD)' },
];

/** The reports: filters, exports, the sales charts with their tables, and the statements. */
export function ReportsView({ today = () => new Date() }: { today?: () => Date }) {
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_FILTERS);
  const books = useBooksQuery();
  const range = filterRange(filters, today());
  const query = range ? reportQuery(filters, range) : null;
  return (
    <>
      <ReportFiltersForm
        filters={filters}
        onChange={setFilters}
        books={bookOptions(books.data)}
        channels={CHANNELS}
        regions={REGIONS}
        rangeInvalid={range === null}
      />
      <ExportButtons query={query} />
      <SalesReportView query={query} />
      <Card title="Statements" className={styles.section}>
        <StatementsList />
      </Card>
    </>
  );
}
