import type { DayRange } from './range-presets';
import type { ReportFilters } from './report-filters';

/** The query of GET /reports/sales and GET /reports/export/sales: the filters as the API reads them. */
export interface ReportQuery {
  from: string;
  to: string;
  granularity: ReportFilters['granularity'];
  /** Comma-separated ids, only when books are chosen. */
  bookIds?: string;
  channel?: string;
  region?: 'local' | 'international';
}

/**
 * The filters on screen as one query, so the chart, its tables and the export ask for exactly
 * the same thing (empty choices are left out: the API reads no parameter as 'all').
 */
export function reportQuery(filters: ReportFilters, range: DayRange): ReportQuery {
  return {
    from: range.from,
    to: range.to,
    granularity: filters.granularity,
    ...(filters.bookIds.length > 0 ? { bookIds: filters.bookIds.join(',') } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(filters.region === 'local' || filters.region === 'international' ? { region: filters.region } : {}),
  };
}
