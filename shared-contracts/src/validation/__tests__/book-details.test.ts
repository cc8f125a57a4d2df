import { BOOK_DETAILS_MESSAGES as M, BookDetailsPage1, BookTitle } from '../book-details';
import { firstFailure, validateForm } from '../validate-form';

/** A valid page 1: a print book for both regions with an ISBN and no contributor. */
const VALID = {
  title: 'The Long Road',
  format: 'print',
  ebookAuthor: '',
  local: true,
  international: true,
  genreHeading: 'FICTION',
  genreId: '12',
  isbnNeeded: false,
  isbn: '9780306406157',
  contributorName: '',
  contributorRole: '',
};

const errorsOf = (change: Partial<typeof VALID> | Record<string, unknown>) =>
  validateForm(BookDetailsPage1, { ...VALID, ...change });

describe('BookDetailsPage1', () => {
  it('accepts a complete page 1', () => {
    expect(validateForm(BookDetailsPage1, VALID)).toBeUndefined();
  });

  it('reads fields react-final-form left undefined as empty', () => {
    expect(
      errorsOf({ ebookAuthor: undefined, contributorName: undefined, contributorRole: undefined }),
    ).toBeUndefined();
    expect(errorsOf({ title: undefined, genreId: undefined, isbn: undefined })).toEqual({
      title: M.titleRequired,
      genreId: M.genre,
      isbn: M.isbnMissing,
    });
  });

  it.each([
    ['', M.titleRequired],
    ['   ', M.titleRequired],
    ['ab', M.titleShort],
    [' ab ', M.titleShort],
    ['x'.repeat(50), M.titleLong],
  ])('answers the title %p with its message', (title, message) => {
    expect(errorsOf({ title })).toEqual({ title: message });
  });

  it('takes titles of 3 and of 49 characters', () => {
    expect(firstFailure(BookTitle, 'abc')).toBeUndefined();
    expect(firstFailure(BookTitle, 'x'.repeat(49))).toBeUndefined();
  });

  it.each(['', 'hardcover', undefined])('refuses the format %p', (format) => {
    expect(errorsOf({ format })).toEqual({ format: M.format });
  });

  it('asks an eBook for its author, and only an eBook', () => {
    expect(errorsOf({ format: 'ebook', ebookAuthor: '' })).toEqual({ ebookAuthor: M.authorRequired });
    expect(errorsOf({ format: 'ebook', ebookAuthor: 'R2-D2 #1' })).toEqual({ ebookAuthor: M.authorInvalid });
    expect(errorsOf({ format: 'ebook', ebookAuthor: "Anne O'Neil-Smith, Jr." })).toBeUndefined();
    expect(errorsOf({ format: 'print', ebookAuthor: '' })).toBeUndefined();
  });

  it('needs a sales region', () => {
    expect(errorsOf({ local: false, international: false })).toEqual({ local: M.region });
    expect(errorsOf({ local: false, international: true })).toBeUndefined();
    expect(errorsOf({ local: true, international: false })).toBeUndefined();
  });

  it('needs a genre', () => {
    expect(errorsOf({ genreId: '' })).toEqual({ genreId: M.genre });
  });

  it.each([
    ['', M.isbnMissing],
    ['978030640615', M.isbnInvalid],
    ['97803064061570', M.isbnInvalid],
    ['978-0306406157', M.isbnInvalid],
  ])('answers the ISBN %p with its message', (isbn, message) => {
    expect(errorsOf({ isbn })).toEqual({ isbn: message });
  });

  it('asks no ISBN when one is needed', () => {
    expect(errorsOf({ isbnNeeded: true, isbn: '' })).toBeUndefined();
  });

  it('wants both contributor fields or neither', () => {
    expect(errorsOf({ contributorName: 'Jo Bloggs' })).toEqual({ contributorRole: M.contributor });
    expect(errorsOf({ contributorRole: 'Illustrator' })).toEqual({ contributorName: M.contributor });
    expect(errorsOf({ contributorName: 'Jo Bloggs', contributorRole: 'Illustrator' })).toBeUndefined();
  });

  it('reports every failing field at once', () => {
    expect(errorsOf({ title: '', format: 'ebook', local: false, international: false, genreId: '', isbn: '' })).toEqual(
      {
        title: M.titleRequired,
        ebookAuthor: M.authorRequired,
        local: M.region,
        genreId: M.genre,
        isbn: M.isbnMissing,
      },
    );
  });
});

describe('BOOK_DETAILS_MESSAGES', () => {
  it('keeps the specification slips word for word', () => {
    expect(M.region).toBe('Please select whether our book will be sold to a local or an international market');
    expect(M.negativeRoyalty).toBe('Estimated royals cannot be a negative amount.');
    expect(M.contributor).toBe('Please fill both the Contributor Name and Contributor Role fields');
  });
});
