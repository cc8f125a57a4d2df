import { ApiError, client, unwrap } from '@pod/shared-contracts';
import type { RegionFlag } from '../book-model';

/**
 * Cancels (archives) a book: DELETE /user/archivebook/{id}/{flag}. Success is statusCode 0;
 * any other answer throws ApiError.
 */
export async function archiveBook(id: number, flag: RegionFlag): Promise<void> {
  const reply = unwrap(await client.DELETE('/user/archivebook/{id}/{flag}', { params: { path: { id, flag } } }));
  if (String(reply.statusCode) !== '0') throw new ApiError(200, reply.description, String(reply.statusCode), reply);
}
