import type { RenewalBook } from '@pod/shared-contracts';
import { bookKey, preselectedKey, readPreselection } from '../preselection';

const books: RenewalBook[] = [
  { id: 7, book_title: 'Zulu Nights', is_international: 0 },
  { id: 7, book_title: 'Karoo Skies', is_international: 1 },
];
const read = (query: string) => readPreselection(new URLSearchParams(query));

describe('readPreselection', () => {
  it('reads bookID and the region from islocal (1/true local, 0/false international)', () => {
    expect(read('bookID=7&secret=x&islocal=1')).toEqual({ bookId: 7, international: false });
    expect(read('bookID=7&islocal=TRUE')).toEqual({ bookId: 7, international: false });
    expect(read('bookID=7&islocal=0')).toEqual({ bookId: 7, international: true });
    expect(read('bookID=7&islocal=false')).toEqual({ bookId: 7, international: true });
    expect(read('bookID=7&islocal=maybe')).toEqual({ bookId: 7, international: null });
    expect(read('bookID=7')).toEqual({ bookId: 7, international: null });
  });

  it('reads nothing without a positive whole bookID', () => {
    for (const query of ['', 'bookID=', 'bookID=0', 'bookID=-3', 'bookID=7.5', 'bookID=abc', 'bookID=12345678901']) {
      expect(read(query)).toBeNull();
    }
  });
});

describe('preselectedKey', () => {
  it("picks the listed record of the link's id and region, or none", () => {
    expect(preselectedKey(books, { bookId: 7, international: true })).toBe(bookKey(books[1]!));
    expect(preselectedKey(books, { bookId: 7, international: false })).toBe(bookKey(books[0]!));
    expect(preselectedKey(books, { bookId: 7, international: null })).toBe(bookKey(books[0]!));
    expect(preselectedKey(books, { bookId: 8, international: null })).toBe('');
    expect(preselectedKey(books, null)).toBe('');
  });
});
