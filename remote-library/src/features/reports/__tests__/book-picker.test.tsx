import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BOOK_LIMIT_MESSAGE, BookPicker, type BookOption } from '../book-picker';

const BOOKS: BookOption[] = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, title: `Book ${index + 1}` }));

function Harness() {
  const [selected, setSelected] = useState<number[]>([]);
  return <BookPicker books={BOOKS} selected={selected} onChange={setSelected} />;
}

describe('the books to compare', () => {
  it('stops at 10 books with a message, and frees a place when one is cleared', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Books to compare' });

    for (let n = 1; n <= 10; n += 1) await user.click(within(group).getByRole('checkbox', { name: `Book ${n}` }));

    expect(screen.getByRole('status')).toHaveTextContent(BOOK_LIMIT_MESSAGE);
    expect(within(group).getByRole('checkbox', { name: 'Book 11' })).toBeDisabled();
    expect(within(group).getByRole('checkbox', { name: 'Book 12' })).toBeDisabled();
    expect(within(group).getAllByRole('checkbox', { checked: true })).toHaveLength(10);

    await user.click(within(group).getByRole('checkbox', { name: 'Book 3' }));

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(within(group).getByRole('checkbox', { name: 'Book 11' })).toBeEnabled();
  });
});
