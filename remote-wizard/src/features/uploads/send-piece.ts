import { uploadPacket, type PacketQuery } from './api/upload-packet';
import { uploadPacketCover } from './api/upload-packet-cover';
import type { SendPiece, UploadDeps } from './chunked-upload';
import { hashOnMainThread } from './md5';
import { localResumeStore } from './resume-store';

/** Sends a piece through the typed client: a cover to /session/v2/packet-cover, anything else to /session/v2/packet. */
export const sendPiece: SendPiece = (piece, signal) => {
  const query: PacketQuery = {
    name: piece.name,
    size: piece.size,
    ...(piece.localBookId !== null ? { local_bookId: piece.localBookId } : {}),
    ...(piece.internationalBookId !== null ? { international_bookId: piece.internationalBookId } : {}),
    md5_chunk: piece.md5,
    totalChunks: piece.totalChunks,
  };
  return piece.kind === 'cover'
    ? uploadPacketCover(query, piece.index, piece.bytes, signal)
    : uploadPacket(query, piece.index, piece.bytes, signal);
};

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('The upload was stopped.', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The real world: the API, local storage, timers, the console; hashing on this thread (the hook puts a worker in). */
export const DEFAULT_UPLOAD_DEPS: UploadDeps = {
  send: sendPiece,
  hash: hashOnMainThread,
  resume: localResumeStore,
  sleep,
  now: () => globalThis.performance?.now() ?? Date.now(),
  log: (message, error) => console.warn(message, error),
};
