import { BOOK_DETAILS_MESSAGES as M, BookDetailsPage1, BookTitle, MAX_CONTRIBUTORS } from '../book-details';
import { firstFailure, validateForm } from '../validate-form';

/** A valid page 1: a print book for both regions with an ISBN and no contributor. */
const VALID = {
  title: 'The Long Road',
  bookFormat: 'print',
  author: '',
  isLocal: true,
  isInternational: true,
  genreHeading: 'FICTION',
  genre: '12',
  isbnNumberNeeded: false,
  isbnNumber: '9780306406157',
  contributors: [],
};

const errorsOf = (change: Partial<typeof VALID> | Record<string, unknown>) =>
  validateForm(BookDetailsPage1, { ...VALID, ...change });

describe('BookDetailsPage1', () => {
  it('accepts a complete page 1', () => {
    expect(validateForm(BookDetailsPage1, VALID)).toBeUndefined();
  });

  it('reads fields react-final-form left undefined as empty', () => {
    expect(errorsOf({ author: undefined, contributors: undefined })).toBeUndefined();
    expect(errorsOf({ contributors: [{ name: undefined, role: undefined }] })).toBeUndefined();
    expect(errorsOf({ title: undefined, genre: undefined, isbnNumber: undefined })).toEqual({
      title: M.titleRequired,
      genre: M.genre,
      isbnNumber: M.isbnMissing,
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

  it.each(['', 'hardcover', undefined])('refuses the format %p', (bookFormat) => {
    expect(errorsOf({ bookFormat })).toEqual({ bookFormat: M.format });
  });

  it('asks an eBook for its author, and only an eBook', () => {
    expect(errorsOf({ bookFormat: 'ebook', author: '' })).toEqual({ author: M.authorRequired });
    expect(errorsOf({ bookFormat: 'ebook', author: 'R2-D2 #1' })).toEqual({ author: M.authorInvalid });
    expect(errorsOf({ bookFormat: 'ebook', author: "Anne O'Neil-Smith, Jr." })).toBeUndefined();
    expect(errorsOf({ bookFormat: 'print', author: '' })).toBeUndefined();
  });

  it('needs a sales region', () => {
    expect(errorsOf({ isLocal: false, isInternational: false })).toEqual({ isLocal: M.region });
    expect(errorsOf({ isLocal: false, isInternational: true })).toBeUndefined();
    expect(errorsOf({ isLocal: true, isInternational: false })).toBeUndefined();
  });

  it('needs a genre', () => {
    expect(errorsOf({ genre: '' })).toEqual({ genre: M.genre });
  });

  it.each([
    ['', M.isbnMissing],
    ['978030640615', M.isbnInvalid],
    ['97803064061570', M.isbnInvalid],
    ['978-0306406157', M.isbnInvalid],
  ])('answers the ISBN %p with its message', (isbnNumber, message) => {
    expect(errorsOf({ isbnNumber })).toEqual({ isbnNumber: message });
  });

  it('asks no ISBN when one is needed', () => {
    expect(errorsOf({ isbnNumberNeeded: true, isbnNumber: '' })).toBeUndefined();
  });

  it('wants both fields of each contributor or neither, the message on the empty one', () => {
    const jo = { name: 'Jo Bloggs', role: 'Editor' };
    expect(errorsOf({ contributors: [jo, { name: 'Sam', role: '' }] })).toEqual({
      contributors: [undefined, { role: M.contributor }],
    });
    expect(errorsOf({ contributors: [{ name: '', role: 'Editor' }] })).toEqual({
      contributors: [{ name: M.contributor }],
    });
    expect(errorsOf({ contributors: [jo, { name: 'Ann Lee', role: 'Foreword by' }] })).toBeUndefined();
  });

  it('takes at most MAX_CONTRIBUTORS contributors', () => {
    const many = Array.from({ length: MAX_CONTRIBUTORS + 1 }, (_, i) => ({ name: `Person ${i}`, role: 'Editor' }));
    expect(errorsOf({ contributors: many.slice(0, MAX_CONTRIBUTORS) })).toBeUndefined();
    expect(errorsOf({ contributors: many })?.contributors).toEqual(expect.any(String));
  });

  it('reports every failing field at once', () => {
    expect(
      errorsOf({ title: '', bookFormat: 'ebook', isLocal: false, isInternational: false, genre: '', isbnNumber: '' }),
    ).toEqual({
      title: M.titleRequired,
      author: M.authorRequired,
      isLocal: M.region,
      genre: M.genre,
      isbnNumber: M.isbnMissing,
    });
  });
});

describe('BOOK_DETAILS_MESSAGES', () => {
  it('keeps the specification slips word for word', () => {
    expect(M.region).toBe('Please select whether our book will be sold to a local or an international market');
    expect(M.negativeRoyalty).toBe('Estimated royals cannot be a negative amount.');
    expect(M.contributor).toBe('Please fill both the Contributor Name and Contributor Role fields');
  });
});
