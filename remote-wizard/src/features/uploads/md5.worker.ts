// Reads and hashes one piece of an upload off the main thread, so a large file never blocks
// the page; the bytes go back (transferred, not copied) with their MD5 (see worker-hasher.ts).
import { hashOnMainThread } from './md5';

/** A request: the piece to hash, under the id its answer carries. */
export interface HashRequest {
  id: number;
  piece: Blob;
}

/** An answer: the bytes and MD5, or why they could not be had. */
export type HashAnswer = { id: number; bytes: ArrayBuffer; md5: string } | { id: number; error: string };

self.onmessage = async (message: MessageEvent<HashRequest>) => {
  const { id, piece } = message.data;
  try {
    const { bytes, md5 } = await hashOnMainThread(piece);
    self.postMessage({ id, bytes, md5 } satisfies HashAnswer, { transfer: [bytes] });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies HashAnswer);
  }
};
