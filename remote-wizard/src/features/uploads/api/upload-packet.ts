import { client, unwrap, type components } from '@pod/shared-contracts';
import { RAW_BODY } from './raw-body';

/** The answer to one piece: the index expected next and, on the last piece, the file's name. */
export type ChunkResult = components['schemas']['ChunkResult'];

/** The query of a piece, the index apart (its name differs between the two packet calls). */
export interface PacketQuery {
  name: string;
  size: number;
  local_bookId?: number;
  international_bookId?: number;
  md5_chunk: string;
  totalChunks: number;
}

/**
 * Sends one piece of a book, thumbnail or audio file: POST /session/v2/packet with the bytes
 * as an octet-stream body. Throws ApiError (409 CHUNK_ORDER, 400 CHUNK_MD5, ...).
 */
export async function uploadPacket(
  query: PacketQuery,
  currentChunkIndex: number,
  bytes: ArrayBuffer,
  signal?: AbortSignal,
): Promise<ChunkResult> {
  return unwrap(
    await client.POST('/session/v2/packet', {
      params: { query: { ...query, currentChunkIndex } },
      body: bytes,
      ...RAW_BODY,
      signal,
    }),
  );
}
