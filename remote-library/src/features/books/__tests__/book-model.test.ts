import type { Book } from '@pod/shared-contracts';
import {
  bookAction,
  bookBadge,
  canViewContract,
  continueLink,
  formatLabel,
  parseBookMisc,
  sortFiles,
  statusTone,
} from '../book-model';
import { bookFile } from './book-files';

const book = (id: number, misc: object): Book => ({
  id,
  book_title: 'Zulu Nights',
  format_type: 'print',
  misc: JSON.stringify(misc),
});

describe('the book model', () => {
  it('labels formats, ebook as eBook', () => {
    expect(formatLabel('ebook')).toBe('eBook');
    expect(formatLabel('print')).toBe('Print');
    expect(formatLabel('audiobook')).toBe('Audiobook');
    expect(formatLabel(undefined)).toBe('');
  });

  it('colours quote grey, pending orange, denied red and anything else green', () => {
    expect(['quote', 'pending', 'denied', 'approved', 'printing', 'Pending'].map(statusTone)).toEqual([
      'quote',
      'pending',
      'denied',
      'approved',
      'approved',
      'pending',
    ]);
  });

  it('reads misc from JSON text and survives an unreadable one', () => {
    expect(parseBookMisc('{"status":"pending"}')).toEqual({ status: 'pending' });
    expect(parseBookMisc('not json')).toEqual({});
    expect(parseBookMisc(undefined)).toEqual({});
  });

  it('offers cancel when neither archived nor paid, delete only when archived, nothing when paid', () => {
    expect(bookAction({})).toBe('cancel');
    expect(bookAction({ archived: true })).toBe('delete');
    expect(bookAction({ isPaid: true })).toBeNull();
    expect(bookAction({ isPaid: true, archived: true })).toBeNull();
    expect(bookBadge({ archived: true })).toBe('cancelled');
    expect(bookBadge({ isPaid: true })).toBe('paid');
    expect(bookBadge({})).toBeNull();
  });

  it('offers the contract when a status exists and is not quote', () => {
    expect(canViewContract({ status: 'pending' })).toBe(true);
    expect(canViewContract({ status: 'quote' })).toBe(false);
    expect(canViewContract({})).toBe(false);
  });

  it('builds the resume links of the wizard', () => {
    expect(continueLink(book(11, { bookStage: 'getquote' }), 'local')).toBe(
      '/new-book/publisher-info?continue=true&lbid=11&region=l',
    );
    expect(continueLink(book(21, { bookStage: 'signedcontract' }), 'international')).toBe(
      '/new-book/upload-type?continue=true&ibid=21&region=i',
    );
    expect(continueLink(book(11, { bookStage: 'getquote', internationalBookMatch: 21 }), 'local')).toBe(
      '/new-book/publisher-info?continue=true&lbid=11&ibid=21&region=li',
    );
    expect(continueLink(book(21, { bookStage: 'getquote', localBookMatch: 11 }), 'international')).toBe(
      '/new-book/publisher-info?continue=true&lbid=11&ibid=21&region=li',
    );
    expect(continueLink(book(11, { bookStage: 'uploaded' }), 'local')).toBeNull();
    expect(continueLink(book(11, { bookStage: 'getquote', archived: true }), 'local')).toBeNull();
  });

  it('sorts files by kind: no contract among them, the thumbnail, audio and the book PDF', () => {
    const files = sortFiles([
      bookFile('contract.pdf', 'Contract', 'contract'),
      bookFile('cover.pdf', 'Cover', 'cover'),
      bookFile('book.pdf', 'Book', 'book'),
      bookFile('thumb.jpg', 'Thumbnail', 'thumbnail'),
      bookFile('chapter-1.wav', 'Chapter 1', 'audio'),
    ]);
    expect(files.downloads.map((file) => file.filename)).toEqual([
      'cover.pdf',
      'book.pdf',
      'thumb.jpg',
      'chapter-1.wav',
    ]);
    expect(files.thumbnail?.filename).toBe('thumb.jpg');
    expect(files.bookPdf?.filename).toBe('book.pdf');
    expect(files.audio.map((file) => file.filename)).toEqual(['chapter-1.wav']);
  });

  it('offers the book viewer only for a PDF book file', () => {
    const files = sortFiles([bookFile('book.epub', 'Book', 'book'), bookFile('cover.pdf', 'Cover', 'cover')]);
    expect(files.bookPdf).toBeNull();
    expect(files.thumbnail).toBeNull();
    expect(files.hasProof).toBe(false);
    expect(sortFiles(undefined)).toEqual({ downloads: [], thumbnail: null, audio: [], bookPdf: null, hasProof: false });
  });

  it('offers the print proof once a cover PDF and a book PDF are both there', () => {
    expect(sortFiles([bookFile('book.pdf', 'Book', 'book'), bookFile('cover.pdf', 'Cover', 'cover')]).hasProof).toBe(
      true,
    );
    expect(sortFiles([bookFile('book.pdf', 'Book', 'book')]).hasProof).toBe(false);
  });
});
