import { useState } from 'react';
import { useBooksQuery } from '@pod/shared-contracts';
import { bookOptions } from './book-options';
import { DEFAULT_FILTERS, filterRange, type ReportFilters } from './report-filters';
import { ReportFiltersForm, type Choice } from './report-filters-form';

const CHANNELS: readonly Choice[] = [
  { value: '', label: 'All channels' },
  { value: 'print', label: 'Print' },
  { value: 'ebook', label: 'eBook' },
  { value: 'audiobook', label: 'Audiobook' },
];

const REGIONS: readonly Choice[] = [
  { value: '', label: 'All regions' },
  { value: 'local', label: 'Local' },
  { value: 'international', label: 'International' },
];

/** The reports: filters, then the sales chart with its table, exports and statements. */
export function ReportsView({ today = () => new Date() }: { today?: () => Date }) {
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_FILTERS);
  const books = useBooksQuery();
  const range = filterRange(filters, today());
  return (
    <ReportFiltersForm
      filters={filters}
      onChange={setFilters}
      books={bookOptions(books.data)}
      channels={CHANNELS}
      regions={REGIONS}
      rangeInvalid={range === null}
    />
  );
}
