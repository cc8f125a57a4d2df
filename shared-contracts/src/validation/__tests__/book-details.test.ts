import {
  BOOK_DETAILS_MESSAGES as M,
  BookDetailsPage1,
  BookDetailsPage2,
  BookTitle,
  MAX_CONTRIBUTORS,
  pageCountMessage,
} from '../book-details';
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

/** A valid page 2: a print book for both regions, a standard size, every option chosen. */
const PRINT = {
  bookFormat: 'print',
  isLocal: true,
  isInternational: true,
  numPages: '200',
  orientation: 'portrait',
  size: '8',
  height: '',
  width: '',
  bookHeight: '210',
  bookWidth: '148',
  color: 'B&W',
  coverFinish: 'Matt',
  paperSide: '42',
  spineOption: '105',
  localPaperType: '1',
  localCoverPaperType: '1',
  internationalPaperType: '1',
  internationalCoverPaperType: '7',
  bookPrice: '249.99',
  internationalBookPrice: '15',
  heavyGraphics: false,
  spotUvNeeded: true,
  duplexNeeded: false,
  softTouchMattLaminationNeeded: false,
  spiralBoundNeeded: false,
  duplexNeededInt: false,
  perforationNeededInt: false,
  recordingRequired: false,
  voiceGender: '',
  voiceAccent: '',
  voiceArtist: '',
  numChapters: '',
};

/** Only what an eBook shows on page 2: pages and the international price. */
const EBOOK = {
  bookFormat: 'ebook',
  isLocal: false,
  isInternational: true,
  numPages: '333',
  internationalBookPrice: '4.99',
  heavyGraphics: true,
};

const page2 = (change: Record<string, unknown>, base: Record<string, unknown> = PRINT) =>
  validateForm(BookDetailsPage2, { ...base, ...change });

describe('BookDetailsPage2', () => {
  it('accepts a complete print page 2, an eBook and an audiobook with only their own fields', () => {
    expect(validateForm(BookDetailsPage2, PRINT)).toBeUndefined();
    expect(validateForm(BookDetailsPage2, EBOOK)).toBeUndefined();
    expect(
      page2({ bookFormat: 'audiobook', isLocal: true, isInternational: false, numPages: '301', bookPrice: '120' }, {}),
    ).toBeUndefined();
  });

  it('asks every print field when nothing is chosen', () => {
    const empty = Object.fromEntries(Object.entries(PRINT).map(([k, v]) => [k, typeof v === 'string' ? '' : v]));
    expect(page2({ ...empty, bookFormat: 'print', isLocal: true, isInternational: true })).toEqual({
      numPages: M.pagesMissing,
      orientation: M.orientation,
      size: M.size,
      color: M.colour,
      coverFinish: M.coverFinish,
      paperSide: M.paperSide,
      spineOption: M.spineOption,
      localPaperType: M.localPaper,
      localCoverPaperType: M.localCover,
      internationalPaperType: M.internationalPaper,
      internationalCoverPaperType: M.internationalCover,
      bookPrice: M.priceMissing,
      internationalBookPrice: M.priceMissing,
    });
  });

  it("asks only the chosen region's types and price", () => {
    expect(
      page2({
        isInternational: false,
        internationalPaperType: '',
        internationalCoverPaperType: '',
        internationalBookPrice: '',
      }),
    ).toBeUndefined();
    expect(page2({ isLocal: false, localPaperType: '', localCoverPaperType: '', bookPrice: '' })).toBeUndefined();
    expect(page2({ isLocal: false, internationalCoverPaperType: undefined })).toEqual({
      internationalCoverPaperType: M.internationalCover,
    });
  });

  it.each([
    ['', M.pagesMissing],
    ['twenty', M.pagesInvalid],
    ['1.2.3', M.pagesInvalid],
    ['-20', M.pagesInvalid],
    ['16', M.pagesMin],
    ['17.5', M.pagesMin],
    ['20.5', M.pagesHalf],
    ['19', M.pagesOdd],
    ['1202', M.pagesMax],
  ])('answers a print page count of %p with its message', (numPages, message) => {
    expect(page2({ numPages })).toEqual({ numPages: message });
  });

  it('takes 18 and 1200 print pages, and odd counts and 10 000 pages for an eBook', () => {
    expect(page2({ numPages: '18' })).toBeUndefined();
    expect(page2({ numPages: '1200' })).toBeUndefined();
    expect(page2({ numPages: '19' }, EBOOK)).toBeUndefined();
    expect(page2({ numPages: '10000' }, EBOOK)).toBeUndefined();
    expect(page2({ numPages: '10001' }, EBOOK)).toEqual({ numPages: M.pagesInvalid });
    expect(page2({ numPages: '20.5' }, EBOOK)).toEqual({ numPages: M.pagesHalf });
  });

  it('limits an audiobook to 1200 pages without the even rule', () => {
    expect(pageCountMessage('1201', 'audiobook')).toBe(M.pagesMax);
    expect(pageCountMessage('1199', 'audiobook')).toBeUndefined();
    expect(pageCountMessage('1199', 'print')).toBe(M.pagesOdd);
  });

  it.each([
    ['', M.priceMissing],
    ['0', M.priceInvalid],
    ['0.00', M.priceInvalid],
    ['12.345', M.priceInvalid],
    ['123456789', M.priceInvalid],
    ['12.', M.priceInvalid],
    ['R12', M.priceInvalid],
  ])('answers a price of %p with its message', (price, message) => {
    expect(page2({ bookPrice: price, internationalBookPrice: price })).toEqual({
      bookPrice: message,
      internationalBookPrice: message,
    });
  });

  it('takes prices of up to 8 digits and 2 decimals', () => {
    expect(page2({ bookPrice: '12345678.90', internationalBookPrice: '0.5' })).toBeUndefined();
  });

  it('never asks an eBook for a local price or print options', () => {
    expect(page2({ isLocal: true, bookPrice: '' }, EBOOK)).toBeUndefined();
    expect(page2({ internationalBookPrice: '' }, EBOOK)).toEqual({ internationalBookPrice: M.priceMissing });
  });

  it.each([
    ['', '', M.heightMissing, M.widthMissing],
    ['49', '1001', M.heightInvalid, M.widthInvalid],
    ['abc', '12.345', M.heightInvalid, M.widthInvalid],
  ])('asks a custom size for its height %p and width %p', (height, width, heightMessage, widthMessage) => {
    expect(page2({ size: 'custom', height, width })).toEqual({ height: heightMessage, width: widthMessage });
  });

  it('takes custom sizes from 50 to 1000 mm, and ignores height and width for a standard size', () => {
    expect(page2({ size: 'custom', height: '50', width: '1000' })).toBeUndefined();
    expect(page2({ size: 'custom', height: '210.5', width: '148' })).toBeUndefined();
    expect(page2({ size: '8', height: 'nonsense', width: '' })).toBeUndefined();
  });

  it('knows the colour, finish and orientation values', () => {
    expect(page2({ color: 'Red', coverFinish: 'Satin', orientation: 'round' })).toEqual({
      color: M.colour,
      coverFinish: M.coverFinish,
      orientation: M.orientation,
    });
    expect(page2({ color: 'Colo', coverFinish: 'Gloss', orientation: 'square' })).toBeUndefined();
  });

  it('asks an audiobook with a recording for the voice and the chapters', () => {
    const audio = { bookFormat: 'audiobook', isLocal: true, isInternational: false, numPages: '120', bookPrice: '99' };
    expect(page2({ recordingRequired: true }, audio)).toEqual({
      voiceGender: M.voiceGender,
      voiceAccent: M.voiceAccent,
      voiceArtist: M.voiceArtist,
      numChapters: M.chaptersMissing,
    });
    for (const numChapters of ['0', '501', '2.5', 'ten']) {
      expect(page2({ recordingRequired: false, numChapters }, audio)).toBeUndefined();
      expect(
        page2(
          { recordingRequired: true, voiceGender: 'Female', voiceAccent: 'British', voiceArtist: '9', numChapters },
          audio,
        ),
      ).toEqual({ numChapters: M.chaptersInvalid });
    }
    expect(
      page2(
        { recordingRequired: true, voiceGender: 'Male', voiceAccent: 'British', voiceArtist: '4', numChapters: '500' },
        audio,
      ),
    ).toBeUndefined();
  });
});
