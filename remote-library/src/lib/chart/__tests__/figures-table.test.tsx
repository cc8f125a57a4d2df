import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChartWithTable } from '../chart-with-table';
import type { ChartData } from '../chart-data';

const DATA: ChartData = {
  periods: ['2026-01', '2026-02', '2026-03'],
  series: [
    { key: '1', name: 'River Song', values: [120, 40.5, 300] },
    { key: '2', name: 'Dry Season', values: [10, 90, 0] },
  ],
};
const rand = (value: number) => `R ${value.toFixed(2)}`;

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Royalties per month' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ]);
}

describe('a chart and its table', () => {
  it('names the picture with a text summary and lists the same figures in the table', () => {
    render(<ChartWithTable title="Royalties per month" data={DATA} format={rand} />);

    const picture = screen.getByRole('img');
    expect(picture).toHaveAccessibleName(
      'Royalties per month, 2026-01 to 2026-03. River Song: R 460.50 in total, highest R 300.00 in 2026-03; Dry Season: R 100.00 in total, highest R 90.00 in 2026-02.',
    );
    expect(bodyRows()).toEqual([
      ['2026-01', 'R 120.00', 'R 10.00'],
      ['2026-02', 'R 40.50', 'R 90.00'],
      ['2026-03', 'R 300.00', 'R 0.00'],
    ]);
  });

  it('sorts by a column header button, and again to reverse', async () => {
    const user = userEvent.setup();
    render(<ChartWithTable title="Royalties per month" data={DATA} format={rand} />);
    const header = screen.getByRole('columnheader', { name: /Dry Season/ });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header).getByRole('button', { name: /Dry Season/ }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows().map((row) => row[0])).toEqual(['2026-03', '2026-01', '2026-02']);

    await user.click(within(header).getByRole('button', { name: /Dry Season/ }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows().map((row) => row[0])).toEqual(['2026-02', '2026-01', '2026-03']);

    await user.click(screen.getByRole('button', { name: /Period/ }));
    expect(bodyRows().map((row) => row[0])).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('says when there is nothing to draw', () => {
    render(<ChartWithTable title="Units" data={{ periods: [], series: [] }} format={String} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Units: no figures for this selection.');
  });
});
