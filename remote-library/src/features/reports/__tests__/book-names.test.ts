import type { SalesReport, SharedBooks } from '@pod/shared-contracts';
import { returnsChart, royaltiesCharts, unitsChart } from '../../../lib/report-charts';
import { bookOptions } from '../book-options';
import { REPORT } from './report-fixtures';

// A book published in both regions has two records under one title: the picker and the charts
// must still give every book a name of its own.

const BOOKS = {
  statusCode: 200,
  localBooks: [
    { id: 3, book_title: 'River Song', format_type: 'print' },
    { id: 5, book_title: 'Quiet Hills', format_type: 'print' },
  ],
  internationalBooks: [
    { id: 4, book_title: 'River Song', format_type: 'print' },
    { id: 9, book_title: 'Dry Season', format_type: 'ebook' },
  ],
} as unknown as SharedBooks;

describe('book names', () => {
  it('offers a title of both regions once per region, named by its region; other titles stay as they are', () => {
    expect(bookOptions(BOOKS)).toEqual([
      { id: 9, title: 'Dry Season' },
      { id: 5, title: 'Quiet Hills' },
      { id: 4, title: 'River Song (International)' },
      { id: 3, title: 'River Song (Local)' },
    ]);
  });

  it('names the series of a title that the report holds twice by their region', () => {
    const both: SalesReport = {
      ...REPORT,
      books: [REPORT.books[0]!, { ...REPORT.books[1]!, book_id: 41, book_title: 'River Song' }],
    };
    expect(unitsChart(both).series.map((series) => series.name)).toEqual([
      'River Song (Local)',
      'River Song (International)',
    ]);
    expect(returnsChart(both).series.map((series) => series.name)).toEqual([
      'River Song (Local)',
      'River Song (International)',
    ]);
    // One chart per currency: the title occurs once in each.
    expect(royaltiesCharts(both).map(({ data }) => data.series.map((series) => series.name))).toEqual([
      ['River Song'],
      ['River Song'],
    ]);
  });

  it('keeps plain titles when they differ', () => {
    expect(unitsChart(REPORT).series.map((series) => series.name)).toEqual(['River Song', 'Dry Season']);
  });
});
