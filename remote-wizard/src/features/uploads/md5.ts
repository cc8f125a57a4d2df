import { md5Hex } from './md5-words';

/** One piece read from the file: its bytes and their MD5 (hex), as md5_chunk wants it. */
export interface HashedPiece {
  bytes: ArrayBuffer;
  md5: string;
}

/** Reads and hashes one piece of a file. */
export type PieceHasher = (piece: Blob) => Promise<HashedPiece>;

/** The bytes of a Blob (FileReader where Blob.arrayBuffer is missing, as in jsdom). */
export function readBlob(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The MD5 (hex) of some bytes (md5-words.ts). */
export function md5Of(bytes: ArrayBuffer): string {
  return md5Hex(bytes);
}

/** Reads and hashes a piece on this thread: the fallback where no worker can run. */
export const hashOnMainThread: PieceHasher = async (piece) => {
  const bytes = await readBlob(piece);
  return { bytes, md5: md5Of(bytes) };
};
