import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type SharedBooks } from '@pod/shared-contracts';
import {
  createTestQueryClient,
  deferred,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
} from '@pod/shared-contracts/testing';
import { DocumentsScreen } from '../../../routes/documents';

type BookFile = NonNullable<SharedBooks['localBooks'][number]['files']>[number];

/** A file as the API lists it, its signed link `/api/v1/files/link-<filename>`. */
const bookFile = (
  filename: string,
  title: string,
  kind: BookFile['kind'],
  extra: Partial<BookFile> = {},
): BookFile => ({
  filename,
  title,
  kind,
  contract: kind === 'contract',
  url: `/api/v1/files/link-${filename}`,
  size: 2048,
  contentType: 'application/pdf',
  ...extra,
});

const BOOKS: SharedBooks = {
  localBooks: [
    {
      id: 1,
      book_title: 'The Karoo Diaries',
      format_type: 'print',
      files: [
        bookFile('karoo.pdf', 'Book', 'book'),
        bookFile('karoo-contract.pdf', 'Contract', 'contract', { size: null }),
      ],
    },
  ],
  internationalBooks: [
    {
      id: 2,
      book_title: 'Stories under the Baobab',
      format_type: 'ebook',
      files: [bookFile('baobab-contract.pdf', '', 'contract')],
    },
    { id: 3, book_title: 'No Files Yet', format_type: 'print' },
  ],
};

let client: QueryClient;

/** Puts `books` in the cache as a fresh answer of GET /user/getuserbooks. */
const setBooks = (books: SharedBooks) => client.setQueryData(queryKeys.books(), books);

function renderDocuments() {
  renderWithProviders(<DocumentsScreen />, { route: '/documents', queryClient: client });
  return userEvent.setup();
}

function shownNames(): string[] {
  const list = screen.queryByRole('list', { name: 'Documents' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

function tile(name: 'All' | 'Books' | 'Contracts') {
  return within(screen.getByRole('group', { name: 'Filter documents' })).getByRole('button', { name });
}

beforeEach(() => {
  client = createTestQueryClient();
  setBooks({ localBooks: [], internationalBooks: [] });
});

describe('/documents', () => {
  it('filters the files of the shared books with the All, Books and Contracts tiles', async () => {
    setBooks(BOOKS);
    const user = renderDocuments();

    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Documents');
    expect(tile('All')).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Books')).toHaveAttribute('aria-pressed', 'false');
    expect(shownNames()).toEqual([
      'Book fileBookThe Karoo Diaries (Local)',
      'ContractContractThe Karoo Diaries (Local)',
      'Contractbaobab-contract.pdfStories under the Baobab (International)',
    ]);

    await user.click(tile('Books'));
    expect(tile('Books')).toHaveAttribute('aria-pressed', 'true');
    expect(tile('All')).toHaveAttribute('aria-pressed', 'false');
    expect(shownNames()).toEqual(['Book fileBookThe Karoo Diaries (Local)']);

    await user.click(tile('Contracts'));
    expect(tile('Contracts')).toHaveAttribute('aria-pressed', 'true');
    expect(shownNames()).toEqual([
      'ContractContractThe Karoo Diaries (Local)',
      'Contractbaobab-contract.pdfStories under the Baobab (International)',
    ]);

    await user.click(tile('All'));
    expect(shownNames()).toHaveLength(3);
  });

  it('links every document to its signed download', () => {
    setBooks(BOOKS);
    renderDocuments();

    const book = screen.getByRole('link', { name: 'Book' });
    expect(book).toHaveAttribute('href', '/api/v1/files/link-karoo.pdf');
    expect(book).toHaveAttribute('download', 'karoo.pdf');
    expect(screen.getByRole('link', { name: 'Contract' })).toHaveAttribute(
      'href',
      '/api/v1/files/link-karoo-contract.pdf',
    );
    expect(screen.getByRole('link', { name: 'baobab-contract.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/files/link-baobab-contract.pdf',
    );
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('re-reads the books (and so their links) while the page stays open', async () => {
    jest.useFakeTimers();
    try {
      client = createTestQueryClient();
      const calls = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, ...BOOKS } }));
      renderDocuments();
      expect(await screen.findByRole('link', { name: 'Book' })).toBeInTheDocument();
      const reads = () => calls.filter((call) => call.path === '/user/getuserbooks').length;
      expect(reads()).toBe(1);

      await act(async () => {
        await jest.advanceTimersByTimeAsync(20 * 60 * 1000);
      });
      expect(reads()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when a tile has nothing, and follows the shared books as they change', async () => {
    const user = renderDocuments();
    expect(screen.getByText("You don't have any documents yet")).toBeInTheDocument();

    act(() => setBooks({ localBooks: [], internationalBooks: BOOKS.internationalBooks }));
    await user.click(tile('Books'));
    expect(screen.getByText('No book files yet')).toBeInTheDocument();
    await user.click(tile('Contracts'));
    expect(shownNames()).toHaveLength(1);
  });

  it('shows a spinner while the books load', () => {
    client = createTestQueryClient();
    installFakeFetch(() => deferred<FakeAnswer>().promise);
    renderDocuments();

    expect(screen.getByRole('status', { name: 'Loading documents' })).toBeInTheDocument();
  });
});
