import { ApiError, client, unwrap } from '@pod/shared-contracts';
import type { RegionFlag } from '../book-model';

/**
 * Deletes an archived book: DELETE /user/deletebook/{id}/{flag}. Success is statusCode 0;
 * any other answer throws ApiError.
 */
export async function deleteBook(id: number, flag: RegionFlag): Promise<void> {
  const reply = unwrap(await client.DELETE('/user/deletebook/{id}/{flag}', { params: { path: { id, flag } } }));
  if (String(reply.statusCode) !== '0') throw new ApiError(200, reply.description, String(reply.statusCode), reply);
}
