import { ApiError } from '@pod/shared-contracts';
import type { ChunkResult } from './api/upload-packet';
import { bytesBefore, chunkCount, estimateSecondsLeft, pieceRange } from './chunks';
import type { HashedPiece, PieceHasher } from './md5';
import { resumeKey, type ResumeStore } from './resume-store';

/** What a file is to the book: the kind decides the call (a cover goes to /session/v2/packet-cover). */
export type UploadKind = 'book' | 'cover' | 'thumbnail' | 'audio';

/** The file being sent: a File, or anything with its name, size, date and slices. */
export interface UploadFile {
  readonly name: string;
  readonly size: number;
  readonly lastModified: number;
  slice: (start: number, end: number) => Blob;
}

/** One piece as it goes to the server. */
export interface PieceRequest {
  kind: UploadKind;
  name: string;
  size: number;
  localBookId: number | null;
  internationalBookId: number | null;
  md5: string;
  index: number;
  totalChunks: number;
  bytes: ArrayBuffer;
}

/** Sends one piece; throws ApiError for an answer other than 2xx, anything else for a network failure. */
export type SendPiece = (piece: PieceRequest, signal?: AbortSignal) => Promise<ChunkResult>;

/** What the upload needs from the outside world; tests pass their own. */
export interface UploadDeps {
  send: SendPiece;
  hash: PieceHasher;
  resume: ResumeStore;
  /** Waits `ms` (rejects with an AbortError when `signal` aborts). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds of a monotonic clock. */
  now: () => number;
  /** Where piece errors go: the spec shows them to nobody, they are only logged. */
  log: (message: string, error: unknown) => void;
}

/** Progress after each piece. */
export interface UploadProgress {
  nextIndex: number;
  totalChunks: number;
  sentBytes: number;
  totalBytes: number;
  /** Estimated from this run's throughput; null until a piece has been sent. */
  secondsLeft: number | null;
}

/** One file to upload for one book pair. */
export interface UploadJob {
  file: UploadFile;
  kind: UploadKind;
  localBookId: number | null;
  internationalBookId: number | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** Resends of a piece whose MD5 the server found different (it arrived damaged). */
export const MAX_MD5_RESENDS = 3;
/** Retries of a piece after a network failure or a 5xx, waiting 1, 2, 4, 8 s. */
export const MAX_NETWORK_RETRIES = 4;
/** CHUNK_ORDER answers in a row, without a piece accepted between them, before giving up. */
export const MAX_ORDER_JUMPS = 5;

/** The wait before network retry `attempt` (1-based): 1 s doubling to at most 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(8000, 1000 * 2 ** (attempt - 1));
}

/** Why an upload stopped. The remembered index is kept: choosing the file again, or Retry, resumes. */
export class UploadFailure extends Error {
  override readonly name = 'UploadFailure';
  constructor(
    message: string,
    /** The server's code (FILE_TYPE, CHUNK_SIZE, ...) when it gave one. */
    readonly code?: string,
    /** HTTP status; 0 when the network failed. */
    readonly status = 0,
  ) {
    super(message);
  }
}

/** True for the error an aborted upload (Back, a new file, leaving the page) ends with. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function throwIfAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw new DOMException('The upload was stopped.', 'AbortError');
}

/** The piece a 409 CHUNK_ORDER names: 'Out of order: send piece 3 next.' -> 3. */
export function orderedIndex(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'CHUNK_ORDER') return null;
  const match = /piece (\d+)/.exec(error.message);
  return match ? Number(match[1]) : null;
}

type Outcome = 'md5' | 'retry' | 'fatal';

/** What to do after a piece failed: resend it, retry it after a pause, or stop. */
function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.code === 'CHUNK_MD5') return 'md5';
    if (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500) return 'retry';
    return 'fatal';
  }
  return 'retry'; // fetch rejects (TypeError) when the connection fails: nothing was answered
}

function failureOf(error: unknown): UploadFailure {
  if (error instanceof UploadFailure) return error;
  if (error instanceof ApiError) return new UploadFailure(error.message, error.code, error.status);
  return new UploadFailure(error instanceof Error ? error.message : String(error));
}

/** A piece being read and hashed: its index and the promise of its bytes. */
interface Prepared {
  index: number;
  piece: Promise<HashedPiece>;
}

/**
 * Uploads one file in pieces of 1,024,000 bytes, one after the other, and resolves with the
 * server's `finalFilename`.
 *
 * - Resume: the piece the server expects next is remembered after every accepted piece
 *   (`deps.resume`, per book pair, kind, name, size and date of the file); a later run of the
 *   same file starts there. A 409 CHUNK_ORDER names the piece to continue from: it is followed
 *   (the server's word wins over the memory). The memory is forgotten once the file is complete.
 * - A 400 CHUNK_MD5 resends the piece (up to MAX_MD5_RESENDS times); a network failure or a
 *   5xx retries it after a pause (MAX_NETWORK_RETRIES, backoffMs); anything else stops.
 * - The next piece is read and hashed while the current one is on its way, never more: at
 *   most two pieces are in memory.
 *
 * Rejects with UploadFailure, or an AbortError when `signal` aborts.
 */
export async function runChunkedUpload(job: UploadJob, deps: UploadDeps, signal?: AbortSignal): Promise<string> {
  const { file, kind, localBookId, internationalBookId, onProgress } = job;
  const totalChunks = chunkCount(file.size);
  const key = resumeKey({
    localBookId,
    internationalBookId,
    kind,
    name: file.name,
    size: file.size,
    lastModified: file.lastModified,
  });
  const remembered = deps.resume.read(key);
  let index = remembered !== null && remembered < totalChunks ? remembered : 0;

  const startedAt = deps.now();
  const startBytes = bytesBefore(index, file.size);
  const report = (nextIndex: number) => {
    const sentBytes = bytesBefore(nextIndex, file.size);
    onProgress?.({
      nextIndex,
      totalChunks,
      sentBytes,
      totalBytes: file.size,
      secondsLeft: estimateSecondsLeft(sentBytes - startBytes, deps.now() - startedAt, file.size - sentBytes),
    });
  };
  const prepare = (at: number): Prepared => {
    const { start, end } = pieceRange(at, file.size);
    const piece = deps.hash(file.slice(start, end));
    piece.catch(() => undefined); // a piece read ahead and then dropped must not reject unheard
    return { index: at, piece };
  };

  report(index);
  let current = prepare(index);
  let ahead: Prepared | null = null;
  let md5Resends = 0;
  let networkRetries = 0;
  let orderJumps = 0;

  for (;;) {
    throwIfAborted(signal);
    let piece: HashedPiece;
    try {
      piece = await current.piece;
    } catch (error) {
      throwIfAborted(signal);
      throw new UploadFailure(error instanceof Error ? error.message : 'The file could not be read.');
    }
    if (!ahead && index + 1 < totalChunks) ahead = prepare(index + 1);

    let answer: ChunkResult;
    try {
      answer = await deps.send(
        {
          kind,
          name: file.name,
          size: file.size,
          localBookId,
          internationalBookId,
          md5: piece.md5,
          index,
          totalChunks,
          bytes: piece.bytes,
        },
        signal,
      );
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw new DOMException('The upload was stopped.', 'AbortError');
      deps.log(`Piece ${index + 1} of ${totalChunks} of ${file.name} failed`, error);
      const expected = orderedIndex(error);
      if (expected !== null) {
        orderJumps += 1;
        if (orderJumps > MAX_ORDER_JUMPS || expected >= totalChunks) throw failureOf(error);
        deps.resume.write(key, expected);
        index = expected;
        current = ahead?.index === expected ? ahead : prepare(expected);
        ahead = null;
        report(index);
        continue;
      }
      const outcome = outcomeOf(error);
      if (outcome === 'md5' && md5Resends < MAX_MD5_RESENDS) {
        md5Resends += 1;
        continue; // the same bytes again: they left intact, the damage was on the way
      }
      if (outcome === 'retry' && networkRetries < MAX_NETWORK_RETRIES) {
        networkRetries += 1;
        await deps.sleep(backoffMs(networkRetries), signal);
        continue;
      }
      throw failureOf(error);
    }

    md5Resends = 0;
    networkRetries = 0;
    orderJumps = 0;
    if (answer.finalFilename) {
      deps.resume.forget(key);
      report(totalChunks);
      return answer.finalFilename;
    }
    const next = answer.next_index;
    if (!Number.isInteger(next) || next < 0 || next >= totalChunks) {
      throw new UploadFailure('The server did not name the uploaded file.');
    }
    deps.resume.write(key, next);
    report(next);
    current = ahead?.index === next ? ahead : prepare(next);
    ahead = null;
    index = next;
  }
}
