import { client, unwrap } from '@pod/shared-contracts';
import { RAW_BODY } from './raw-body';
import type { ChunkResult, PacketQuery } from './upload-packet';

/**
 * Sends one piece of a cover PDF: POST /session/v2/packet-cover (its own index name, so the
 * cover and the book of a print book upload side by side). Throws ApiError.
 */
export async function uploadPacketCover(
  query: PacketQuery,
  currentCoverChunkIndex: number,
  bytes: ArrayBuffer,
  signal?: AbortSignal,
): Promise<ChunkResult> {
  return unwrap(
    await client.POST('/session/v2/packet-cover', {
      params: { query: { ...query, currentCoverChunkIndex } },
      body: bytes,
      ...RAW_BODY,
      signal,
    }),
  );
}
