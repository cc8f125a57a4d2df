import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '../errors.js';
import type { BookWithActivity } from '../plugins/app/book-repository.js';
import type { BookRow } from '../plugins/external/db-schema.js';
import { createContractDocuments } from './contract-documents.js';
import { createBookFiles, hasContract, type BookFileView } from './files.js';
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

/** One book record as portal.yaml's Book declares it. */
export type BookView = components['schemas']['Book'];

/** Whether a book has a signed contract to show (services/files.ts, where contract files are listed). */
export { hasContract };

/** The record as portal.yaml's Book, with its files (and their signed links) as given. */
export function toBookView(book: BookWithActivity, partnerId: number | null, files: BookFileView[]): BookView {
  const misc = {
    ...book.misc,
    localroyalty: toNumber(book.local_royalty),
    internationroyalty: toNumber(book.international_royalty),
    localBookMatch: book.is_international ? partnerId : book.id,
    internationalBookMatch: book.is_international ? book.id : partnerId,
  };
  return {
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
}

/**
 * Handlers of the books operations: the library (list, detail, archive, delete, signed
 * contract, file downloads through signed links: services/files.ts); re-signing is
 * services/renewals.ts. Every lookup is scoped to the token's user, so another
 * user's id answers the same 404 as an unknown one.
 */
export function createBooksService(app: FastifyInstance) {
  const { bookRepository, unitOfWork } = app;

  const documents = createContractDocuments(app);
  /** The contract PDF of a book (and its partner record: one contract covers the upload). */
  const contractPdf = (userId: number, book: BookRow, partner: BookRow | undefined) =>
    documents.signedPdf(userId, book, partner);
  const bookFiles = createBookFiles(app);

  return {
    async getUserBooks(request) {
      const books = await bookRepository.listByUser(request.userId);
      const byPair = new Map<string, BookWithActivity[]>();
      for (const book of books) byPair.set(book.pair_id, [...(byPair.get(book.pair_id) ?? []), book]);
      const partnerOf = (book: BookWithActivity) =>
        byPair.get(book.pair_id)?.find((other) => other.id !== book.id)?.id ?? null;
      // Links but no sizes: the list does not ask the file store about every file.
      const view = async (book: BookWithActivity) =>
        toBookView(book, partnerOf(book), await bookFiles.views(request.userId, book, false));
      return {
        statusCode: 0,
        localBooks: await Promise.all(books.filter((book) => !book.is_international).map(view)),
        internationalBooks: await Promise.all(books.filter((book) => book.is_international).map(view)),
      };
    },

    async viewUsersBookInfo(request) {
      const { id, kindId } = request.params;
      if (!isStoredId(id)) throw bookNotFound();
      const book = await bookRepository.findOwned(request.userId, id, kindId === 1);
      if (!book) throw bookNotFound();
      const partner = await bookRepository.findPartner(book);
      const files = await bookFiles.views(request.userId, book, true);
      return { statusCode: 0, result: toBookView(book, partner?.id ?? null, files) };
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

    ...bookFiles.handlers,
  } satisfies ServiceHandlers;
}

/** Carries a refused guarded change out of a transaction so it rolls back. */
class RefusedChange extends Error {
  constructor(readonly outcome: 'not-found' | 'not-allowed') {
    super(outcome);
  }
}
