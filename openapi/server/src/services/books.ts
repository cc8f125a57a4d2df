import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '../errors.js';
import type { BookWithActivity } from '../plugins/app/book-repository.js';
import type { BookRow } from '../plugins/external/db-schema.js';
import { createContractDocuments } from './contract-documents.js';
import { isStoredId } from './link-tokens.js';
import type { ServiceHandlers } from './types.js';
import type { components } from '@pod/shared-contracts/api/schema';

export const BOOK_NOT_FOUND_MESSAGE = 'Book not found';
export const ARCHIVE_FAILED_MESSAGE = 'Something went wrong, while trying to archive your book.';
export const DELETE_FAILED_MESSAGE = 'Something went wrong, while trying to delete your book.';
export const ARCHIVED_DESCRIPTION = 'Your book has been cancelled successfully.';
export const DELETED_DESCRIPTION = 'Your book has been deleted successfully.';
export const CONTRACT_NOT_FOUND_MESSAGE = 'Something went wrong while fetching this books contract.';
export const BOOK_PAIR_REQUIRED_MESSAGE = 'Please choose a book (local_bookId or international_bookId)';

export const bookNotFound = () => new HttpProblem(404, BOOK_NOT_FOUND_MESSAGE);

const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

type BookFileView = components['schemas']['BookFile'];

/** One book record as portal.yaml's Book declares it. */
export type BookView = components['schemas']['Book'];

/** A contract can be shown once the book left the quote status and its signed details exist. */
export function hasContract(book: Pick<BookRow, 'misc' | 'contract'>): boolean {
  const status = book.misc.status;
  return typeof status === 'string' && status !== '' && status !== 'quote' && book.contract !== null;
}

const THUMBNAIL_TYPES: Record<string, string> = { 'image/svg+xml': 'svg', 'image/png': 'png', 'image/jpeg': 'jpg' };

function thumbnailFile(book: BookRow, withContent: boolean): BookFileView | undefined {
  if (!book.thumbnail) return undefined;
  const match = /^data:([\w/+.-]+);base64,(.*)$/s.exec(book.thumbnail);
  const extension = match ? (THUMBNAIL_TYPES[match[1]!] ?? 'bin') : (book.thumbnail.split('.').pop() ?? 'png');
  return {
    filename: match ? `thumbnail-${book.id}.${extension}` : book.thumbnail,
    title: 'Thumbnail',
    contract: false,
    fileBuffer: withContent && match ? match[2]! : null,
  };
}

export function toBookView(
  book: BookWithActivity,
  partnerId: number | null,
  details?: { contractBase64: string | null },
): BookView {
  const misc = {
    ...book.misc,
    localroyalty: toNumber(book.local_royalty),
    internationroyalty: toNumber(book.international_royalty),
    localBookMatch: book.is_international ? partnerId : book.id,
    internationalBookMatch: book.is_international ? book.id : partnerId,
  };
  const files: BookFileView[] = book.files.map((file) => ({
    filename: file.filename,
    title: file.title,
    contract: file.kind === 'contract',
    fileBuffer: null,
  }));
  const thumbnail = thumbnailFile(book, details !== undefined);
  if (thumbnail) files.push(thumbnail);
  if (hasContract(book) && !files.some((file) => file.contract)) {
    files.push({
      filename: `contract-${book.id}.pdf`,
      title: 'Contract',
      contract: true,
      fileBuffer: details?.contractBase64 ?? null,
    });
  }
  const view: BookView = {
    id: book.id,
    book_title: book.book_title,
    format_type: book.format_type,
    no_of_pages: book.no_of_pages,
    pages: book.no_of_pages,
    isbn: book.isbn,
    book_code: book.book_code,
    genre_id: book.genre_id,
    price_sale: toNumber(book.price_sale),
    local_price: toNumber(book.local_price),
    international_price: toNumber(book.international_price),
    localRoyalty: toNumber(book.local_royalty),
    internationRoyalty: toNumber(book.international_royalty),
    is_international: book.is_international,
    created_at: book.created_at.toISOString(),
    misc: JSON.stringify(misc),
    files,
    hasSales: book.has_sales,
    hasOrders: book.has_orders,
  };
  if (details) view.contractInfo = details.contractBase64;
  return view;
}

/**
 * Handlers of the books operations: the library (list, detail, archive, delete, signed
 * contract); re-signing is services/renewals.ts. Every lookup is scoped to the token's user, so another
 * user's id answers the same 404 as an unknown one.
 */
export function createBooksService(app: FastifyInstance) {
  const { bookRepository, unitOfWork } = app;

  const documents = createContractDocuments(app);
  /** The contract PDF of a book (and its partner record: one contract covers the upload). */
  const contractPdf = (userId: number, book: BookRow, partner: BookRow | undefined) =>
    documents.signedPdf(userId, book, partner);

  return {
    async getUserBooks(request) {
      const books = await bookRepository.listByUser(request.userId);
      const byPair = new Map<string, BookWithActivity[]>();
      for (const book of books) byPair.set(book.pair_id, [...(byPair.get(book.pair_id) ?? []), book]);
      const partnerOf = (book: BookWithActivity) =>
        byPair.get(book.pair_id)?.find((other) => other.id !== book.id)?.id ?? null;
      return {
        statusCode: 0,
        localBooks: books.filter((book) => !book.is_international).map((book) => toBookView(book, partnerOf(book))),
        internationalBooks: books
          .filter((book) => book.is_international)
          .map((book) => toBookView(book, partnerOf(book))),
      };
    },

    async viewUsersBookInfo(request) {
      const { id, kindId } = request.params;
      if (!isStoredId(id)) throw bookNotFound();
      const book = await bookRepository.findOwned(request.userId, id, kindId === 1);
      if (!book) throw bookNotFound();
      const partner = await bookRepository.findPartner(book);
      const contractBase64 = hasContract(book)
        ? Buffer.from(await contractPdf(request.userId, book, partner)).toString('base64')
        : null;
      return { statusCode: 0, result: toBookView(book, partner?.id ?? null, { contractBase64 }) };
    },

    async archiveBook(request) {
      const { id, flag } = request.params;
      if (!isStoredId(id)) throw bookNotFound();
      const userId = request.userId;
      const outcome = await unitOfWork.run(async ({ books, cart }) => {
        const result = await books.archive(userId, id, flag === 1);
        if (result === 'done') await cart.removeBook(userId, id);
        return result;
      });
      if (outcome === 'not-found') throw bookNotFound();
      if (outcome === 'not-allowed') throw new HttpProblem(409, ARCHIVE_FAILED_MESSAGE);
      return { statusCode: 0, description: ARCHIVED_DESCRIPTION };
    },

    async deleteBook(request) {
      const { id, flag } = request.params;
      if (!isStoredId(id)) throw bookNotFound();
      const userId = request.userId;
      const outcome = await unitOfWork
        .run(async ({ books, cart }) => {
          // Cart first: the item's side is cleared explicitly (and emptied items dropped) before
          // the record goes; a refused delete rolls both back.
          await cart.removeBook(userId, id);
          const result = await books.deleteArchived(userId, id, flag === 1);
          if (result !== 'done') throw new RefusedChange(result);
          return result;
        })
        .catch((err: unknown) => {
          if (err instanceof RefusedChange) return err.outcome;
          throw err;
        });
      if (outcome === 'not-found') throw bookNotFound();
      if (outcome === 'not-allowed') throw new HttpProblem(409, DELETE_FAILED_MESSAGE);
      return { statusCode: 0, description: DELETED_DESCRIPTION };
    },

    async viewSignedContract(request, reply) {
      const { local_bookId: localId, international_bookId: internationalId } = request.body;
      const wanted: Array<[number, boolean]> = [];
      if (localId) wanted.push([localId, false]);
      if (internationalId) wanted.push([internationalId, true]);
      if (wanted.length === 0) throw new HttpProblem(400, BOOK_PAIR_REQUIRED_MESSAGE, 'VALIDATION');

      const books: BookWithActivity[] = [];
      for (const [id, isInternational] of wanted) {
        const book = isStoredId(id) ? await bookRepository.findOwned(request.userId, id, isInternational) : undefined;
        if (!book) throw bookNotFound();
        books.push(book);
      }
      const book = books.find(hasContract);
      if (!book) throw new HttpProblem(404, CONTRACT_NOT_FOUND_MESSAGE);
      const partner = books.find((other) => other.id !== book.id) ?? (await bookRepository.findPartner(book));
      const pdf = await contractPdf(request.userId, book, partner);
      const filename = `contract-${book.book_title.replace(/[^\w-]+/g, '-').slice(0, 60)}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  } satisfies ServiceHandlers;
}

/** Carries a refused guarded change out of a transaction so it rolls back. */
class RefusedChange extends Error {
  constructor(readonly outcome: 'not-found' | 'not-allowed') {
    super(outcome);
  }
}
