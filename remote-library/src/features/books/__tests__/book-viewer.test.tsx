import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book, PdfRenderer } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders, type RecordedRequest } from '@pod/shared-contracts/testing';
import { BookDetailsTab } from '../book-details-tab';
import { bookFile } from './book-files';

const BOOK: Book = {
  id: 11,
  book_title: 'Zulu Nights',
  format_type: 'print',
  misc: JSON.stringify({ status: 'approved', isPaid: true, bookStage: 'uploaded' }),
};
const PDF = new TextEncoder().encode('%PDF-1.7 the book');

let calls: RecordedRequest[];
let fileAnswer: { status: number; bytes: Uint8Array<ArrayBuffer> } | { status: number; body: object };

/** A renderer that records the bytes it was given and draws nothing. */
function fakeRenderer() {
  const given: string[] = [];
  const renderer: PdfRenderer = async (data) => {
    given.push(new TextDecoder().decode(data));
    return { numPages: 3, renderPage: async () => {} };
  };
  return { renderer, given };
}

function renderTab(files: Book['files'], renderer: PdfRenderer) {
  renderWithProviders(
    <BookDetailsTab
      book={BOOK}
      info={{ ...BOOK, files }}
      loading={false}
      region="local"
      onDeleted={() => {}}
      pdfRenderer={renderer}
    />,
    { route: '/books/local/11' },
  );
  return userEvent.setup();
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:http://localhost/book', revokeObjectURL: () => {} });
  fileAnswer = { status: 200, bytes: PDF };
  calls = installFakeFetch((request) =>
    request.path.startsWith('/files/')
      ? { ...fileAnswer, headers: { 'Content-Type': 'application/pdf' } }
      : { status: 404 },
  );
});

describe('the book viewer', () => {
  it('opens the book PDF through its signed link, inline and without the access token', async () => {
    const { renderer, given } = fakeRenderer();
    const user = renderTab(
      [bookFile('zulu-nights.pdf', 'Book', 'book'), bookFile('cover.pdf', 'Cover', 'cover')],
      renderer,
    );

    await user.click(screen.getByRole('button', { name: 'View book' }));

    const dialog = screen.getByRole('dialog', { name: 'Zulu Nights' });
    expect(await within(dialog).findByText('Page 1 of 3')).toBeInTheDocument();
    expect(given).toEqual(['%PDF-1.7 the book']);
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/files/link-zulu-nights.pdf',
        query: { disposition: 'inline' },
        authorization: null,
      }),
    ]);
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'zulu-nights.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(within(dialog).getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the link no longer serves the file (an expired link)', async () => {
    fileAnswer = {
      status: 410,
      body: { statusCode: 410, error: 'Gone', message: 'This link has expired: open the book again for a new one.' },
    };
    const { renderer, given } = fakeRenderer();
    const user = renderTab([bookFile('zulu-nights.pdf', 'Book', 'book')], renderer);

    await user.click(screen.getByRole('button', { name: 'View book' }));

    const dialog = screen.getByRole('dialog', { name: 'Zulu Nights' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong while opening this file.');
    expect(given).toEqual([]);
  });

  it('shows the print proof of a print book with an accepted cover and book PDF', async () => {
    const proof = new TextEncoder().encode('%PDF-1.7 the proof');
    calls = installFakeFetch((request) =>
      request.path === '/user/printproof'
        ? { status: 200, bytes: proof, headers: { 'Content-Type': 'application/pdf' } }
        : { status: 404 },
    );
    const { renderer, given } = fakeRenderer();
    const user = renderTab(
      [bookFile('zulu-nights.pdf', 'Book', 'book'), bookFile('cover.pdf', 'Cover', 'cover')],
      renderer,
    );

    await user.click(screen.getByRole('button', { name: 'View print proof' }));

    const dialog = screen.getByRole('dialog', { name: 'Print proof: Zulu Nights' });
    expect(await within(dialog).findByText('Page 1 of 3')).toBeInTheDocument();
    expect(given).toEqual(['%PDF-1.7 the proof']);
    expect(calls).toEqual([
      expect.objectContaining({ method: 'GET', path: '/user/printproof', query: { local_bookId: '11' } }),
    ]);
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      'print-proof-zulu-nights.pdf',
    );
  });

  it('offers no print proof before a cover is accepted', async () => {
    const { renderer } = fakeRenderer();
    renderTab([bookFile('zulu-nights.pdf', 'Book', 'book')], renderer);
    expect(screen.queryByRole('button', { name: 'View print proof' })).not.toBeInTheDocument();
  });

  it('says so when the print proof cannot be made', async () => {
    calls = installFakeFetch(() => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'No accepted cover' },
    }));
    const { renderer } = fakeRenderer();
    const user = renderTab(
      [bookFile('zulu-nights.pdf', 'Book', 'book'), bookFile('cover.pdf', 'Cover', 'cover')],
      renderer,
    );
    await user.click(screen.getByRole('button', { name: 'View print proof' }));
    const dialog = screen.getByRole('dialog', { name: 'Print proof: Zulu Nights' });
    expect(
      await within(dialog).findByText('The print proof could not be made just now. Please try again later.'),
    ).toBeInTheDocument();
  });
});
