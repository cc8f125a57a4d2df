import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { Book, SharedBooks } from '../collections';
import { asList, readPayload } from '../read-payload';

/**
 * GET /user/getuserbooks: the user's local and international books (the shared "books").
 * The answer carries no `results`, so the data itself is read. Throws ApiError on failure.
 */
export async function getUserBooks(): Promise<SharedBooks> {
  const payload = readPayload(unwrap(await client.GET('/user/getuserbooks')));
  const books = (payload && typeof payload === 'object' ? payload : {}) as Partial<Record<keyof SharedBooks, unknown>>;
  return {
    localBooks: asList<Book>(books.localBooks),
    internationalBooks: asList<Book>(books.internationalBooks),
  };
}
