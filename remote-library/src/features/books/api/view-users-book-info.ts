import { client, unwrap, type Book } from '@pod/shared-contracts';
import type { RegionFlag } from '../book-model';

/**
 * One book with its files: GET /user/viewusersbookinfo/{id}/{kindId} (`kindId` 0 local, 1
 * international). Throws ApiError (404 for another user's book or a region mismatch).
 */
export async function viewUsersBookInfo(id: number, kindId: RegionFlag): Promise<Book> {
  const reply = unwrap(await client.GET('/user/viewusersbookinfo/{id}/{kindId}', { params: { path: { id, kindId } } }));
  return reply.result;
}
