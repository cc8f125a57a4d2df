import { render, screen, within } from '@testing-library/react';
import { DataTable, type DataTableColumn } from '../data-table';

interface Line {
  id: string;
  book: string;
  price: string;
}

const columns: DataTableColumn<Line>[] = [
  { key: 'book', label: 'Book', cell: (line) => line.book },
  { key: 'price', label: 'Price', numeric: true, cell: (line) => line.price },
  {
    key: 'remove',
    label: 'Remove',
    labelHidden: true,
    cell: (line) => <button type="button">{`Remove ${line.book}`}</button>,
  },
];

const lines: Line[] = [
  { id: 'a', book: 'First Light', price: 'R 10.00' },
  { id: 'b', book: 'Second Wind', price: 'R 20.00' },
];

describe('DataTable', () => {
  it('is a table named by its caption, with a header per column and a row per item', () => {
    render(<DataTable caption="Items in your cart" columns={columns} rows={lines} rowKey={(line) => line.id} />);
    const table = screen.getByRole('table', { name: 'Items in your cart' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Book', 'Price', 'Remove']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Second Wind', 'R 20.00', 'Remove Second Wind']);
  });

  it('gives each cell its column label for the stacked layout, except the hidden-label column', () => {
    render(<DataTable caption="Cart" columns={columns} rows={lines} rowKey={(line) => line.id} />);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Book', 'Price', null]);
    // The hidden header is still read: the button column keeps its name for assistive technology.
    expect(screen.getByRole('columnheader', { name: 'Remove' })).toBeInTheDocument();
  });

  it('shows the empty content in one full-width row when there are no rows', () => {
    render(<DataTable caption="Cart" columns={columns} rows={[]} rowKey={(line) => line.id} empty="No items yet" />);
    const cell = screen.getByRole('cell', { name: 'No items yet' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('renders an empty body when there are no rows and no empty content', () => {
    render(<DataTable caption="Cart" columns={columns} rows={[]} rowKey={(line) => line.id} />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });
});
