import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler, RouteOptions } from 'fastify';
import type { AppConfig } from '../config.js';
import { detectFileType, FILE_TYPE_HEAD_BYTES, type UploadFileKind } from '../domain/file-type.js';
import { HttpProblem } from '../errors.js';
import { createUploadCleanupJob, UPLOAD_CLEANUP_JOB } from '../jobs/upload-cleanup.js';
import type { UploadRow } from '../plugins/external/db-schema.js';
import { RawBytes } from '../raw-bytes.js';
import type { OperationRequest, ServiceHandlers, SuccessBody } from './types.js';
import { assertUploadable, resolveUpload } from './wizard/contract-books.js';

/** The largest piece (portal.yaml): 1,000 KiB. */
export const CHUNK_BYTES = 1_024_000;
/** Route body limit: a little above a piece, so a slightly larger piece still gets the 400 below. */
export const CHUNK_BODY_LIMIT = 1_048_576;
/** A cover is one PDF of a few pages; anything larger is not a cover. */
export const COVER_MAX_BYTES = 200 * 1024 * 1024;

export const CHUNK_TOO_LARGE_MESSAGE = `A piece may be at most ${CHUNK_BYTES.toLocaleString('en-US')} bytes.`;
export const CHUNK_EMPTY_MESSAGE = 'A piece must hold at least one byte.';
export const CHUNK_MD5_MESSAGE = 'The piece did not arrive intact (its MD5 differs from md5_chunk): send it again.';
export const CHUNK_COUNT_MESSAGE =
  'totalChunks does not fit size: pieces are at most 1,024,000 bytes and at least 1 byte.';
export const CHUNK_TOTAL_CHANGED_MESSAGE =
  'totalChunks differs from the one this upload started with: start again from piece 0.';
export const CHUNK_SIZE_MESSAGE = 'The pieces do not add up to the size of the file.';
export const COVER_TOO_LARGE_MESSAGE = 'A cover file may be at most 200 MB.';
/** Spec (new-book-wizard.md, upload screen): the 'Invalid File Type' modal. */
export const INVALID_FILE_TYPE_MESSAGE = 'Invalid File Type';
/** 409 CHUNK_ORDER: the expected index is the number after "piece"; clients resume from it. */
export const chunkOrderMessage = (expected: number) => `Out of order: send piece ${expected} next.`;
export const UPLOAD_COMPLETE_MESSAGE = (expected: number) =>
  `This file has already been uploaded completely; piece ${expected} starts it again.`;

/** The query both packet operations share (the index is passed apart). */
type PacketQuery = Omit<OperationRequest<'uploadPacket'>['query'], 'currentChunkIndex'>;
type ChunkResult = SuccessBody<'uploadPacket'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The MD5 (hex) of an upload piece, taken by `readChunk` as its bytes passed. */
    chunkMd5?: string;
  }
}

/** A piece as the handler gets it: its bytes in the parts they arrived in (raw-bytes.ts) and their MD5. */
interface Chunk {
  bytes: RawBytes;
  md5: string;
}

const chunkTooLarge = () => new HttpProblem(400, CHUNK_TOO_LARGE_MESSAGE, 'CHUNK_TOO_LARGE');

/**
 * preParsing of the two packet routes: a piece over CHUNK_BYTES is refused (400; by its
 * Content-Length before anything is read, otherwise as soon as the bytes pass it), and each part
 * is hashed as it passes on, unchanged, to the octet-stream parser (raw-bytes.ts), which keeps the
 * parts as they are: no copy of the piece is made on its way to the file store.
 */
const readChunk: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > CHUNK_BYTES) throw chunkTooLarge();
  const hash = createHash('md5');
  let size = 0;
  const piece = new Transform({
    // The whole piece is held in memory anyway: the request is never paused part by part.
    writableHighWaterMark: CHUNK_BYTES,
    transform(part: Buffer, _encoding, callback) {
      size += part.length;
      if (size > CHUNK_BYTES) {
        callback(chunkTooLarge());
        return;
      }
      hash.update(part);
      callback(null, part);
    },
    flush(callback) {
      request.chunkMd5 = hash.digest('hex');
      callback();
    },
  });
  // The request's own failure (the client went away) reaches the parser through the piece. A
  // failure of the piece only unpipes the request, never destroys it: the 400 still goes out.
  payload.on('error', (error) => piece.destroy(error));
  return payload.pipe(piece);
};

export const uploadRouteOptions: Record<string, Partial<RouteOptions>> = {
  uploadPacket: { bodyLimit: CHUNK_BODY_LIMIT, preParsing: readChunk },
  uploadPacketCover: { bodyLimit: CHUNK_BODY_LIMIT, preParsing: readChunk },
};

/** The piece of a packet request: the parser's bytes with the MD5 readChunk took on their way. */
function chunkOf(request: FastifyRequest): Chunk | undefined {
  const { body, chunkMd5 } = request;
  return body instanceof RawBytes && chunkMd5 !== undefined ? { bytes: body, md5: chunkMd5 } : undefined;
}

/** Server-chosen name of a complete file, e.g. 42-101-cover-3f9c2a81d0b4.pdf (no client text in it). */
function finalFilename(row: UploadRow, extension: string): string {
  return `${row.local_book_id ?? 0}-${row.international_book_id ?? 0}-${row.kind}-${randomBytes(6).toString('hex')}.${extension}`;
}

/**
 * POST /session/v2/packet and /session/v2/packet-cover: resumable chunked uploads. Decisions:
 * server README, "Uploads".
 */
export function createUploadService(app: FastifyInstance, config: AppConfig) {
  const { unitOfWork, fileStore: store } = app;
  app.jobs.define(UPLOAD_CLEANUP_JOB, createUploadCleanupJob({ app, store, config }));

  async function receive(
    userId: number,
    kind: UploadFileKind,
    query: PacketQuery,
    index: number,
    chunk: Chunk | undefined,
  ): Promise<ChunkResult> {
    // Whose and when first (404 before anything about the bytes), then the piece itself.
    const { pairId, named } = await resolveUpload(app, userId, query);
    assertUploadable(named);
    if (!chunk || chunk.bytes.length === 0) throw new HttpProblem(400, CHUNK_EMPTY_MESSAGE, 'CHUNK_SIZE');
    const { bytes, md5 } = chunk;
    if (md5 !== query.md5_chunk.trim().toLowerCase()) throw new HttpProblem(400, CHUNK_MD5_MESSAGE, 'CHUNK_MD5');
    const { size, totalChunks } = query;
    if (totalChunks < Math.ceil(size / CHUNK_BYTES) || totalChunks > size) {
      throw new HttpProblem(400, CHUNK_COUNT_MESSAGE, 'CHUNK_SIZE');
    }
    if (kind === 'cover' && size > COVER_MAX_BYTES) throw new HttpProblem(400, COVER_TOO_LARGE_MESSAGE, 'CHUNK_SIZE');
    if (index >= totalChunks) throw new HttpProblem(400, CHUNK_COUNT_MESSAGE, 'CHUNK_SIZE');

    const local = named.find((book) => !book.is_international)?.id ?? null;
    const international = named.find((book) => book.is_international)?.id ?? null;
    const identity = { userId, pairId, kind, name: query.name, size };
    const now = config.now();

    /** The upload to watch for abandonment: a new one, or a finished one started again. */
    let armCleanup: number | undefined;
    const result = await unitOfWork.run(async ({ uploads }) => {
      if (index === 0) {
        armCleanup = await uploads.insertIfMissing({
          user_id: userId,
          pair_id: pairId,
          local_book_id: local,
          international_book_id: international,
          kind,
          name: query.name,
          size,
          total_chunks: totalChunks,
          storage_key: randomUUID(),
          created_at: now,
          updated_at: now,
        });
      }
      // The row stays locked until this transaction ends: a second request for the same upload
      // waits here, then sees what the first one did.
      let row = await uploads.lock(identity);
      if (!row) throw new HttpProblem(409, chunkOrderMessage(0), 'CHUNK_ORDER');

      // The last accepted piece again (its answer was lost): the same answer, nothing appended.
      if (row.next_index > 0 && index === row.next_index - 1 && md5 === row.last_md5) {
        return { statusCode: 0, next_index: row.next_index, finalFilename: row.final_filename } satisfies ChunkResult;
      }

      if (index === 0) {
        // A client that lost track sends piece 0 of the same file: resume where it stands.
        if (row.completed_at === null && row.next_index > 0 && md5 === row.first_md5) {
          throw new HttpProblem(409, chunkOrderMessage(row.next_index), 'CHUNK_ORDER');
        }
        // Another first piece (or a finished file sent again): the upload starts over.
        if (row.next_index > 0) {
          if (row.completed_at === null) await store.remove(row.storage_key);
          else armCleanup = row.id;
          const restart = {
            local_book_id: local,
            international_book_id: international,
            total_chunks: totalChunks,
            next_index: 0,
            received_bytes: 0,
            first_md5: null,
            last_md5: null,
            storage_key: randomUUID(),
            final_filename: null,
            completed_at: null,
            updated_at: now,
          };
          await uploads.update(row.id, restart);
          row = { ...row, ...restart };
        }
      } else if (row.completed_at !== null) {
        throw new HttpProblem(409, UPLOAD_COMPLETE_MESSAGE(0), 'CHUNK_ORDER');
      }

      if (index !== row.next_index) throw new HttpProblem(409, chunkOrderMessage(row.next_index), 'CHUNK_ORDER');
      if (totalChunks !== row.total_chunks) throw new HttpProblem(400, CHUNK_TOTAL_CHANGED_MESSAGE, 'CHUNK_SIZE');

      const last = index === totalChunks - 1;
      const received = row.received_bytes + bytes.length;
      // Every piece after this one needs at least a byte; the last one must end the file exactly.
      if (last ? received !== size : received > size - (totalChunks - 1 - index)) {
        throw new HttpProblem(400, CHUNK_SIZE_MESSAGE, 'CHUNK_SIZE');
      }
      if (index === 0 && !detectFileType(kind, row.name, bytes.head(FILE_TYPE_HEAD_BYTES))) {
        throw new HttpProblem(400, INVALID_FILE_TYPE_MESSAGE, 'FILE_TYPE');
      }

      if (!(await store.append(row.storage_key, row.received_bytes, bytes.parts))) {
        // The partial file is gone (removed by hand, a lost disk): the upload must start over.
        await uploads.update(row.id, {
          next_index: 0,
          received_bytes: 0,
          first_md5: null,
          last_md5: null,
          updated_at: now,
        });
        throw new HttpProblem(409, chunkOrderMessage(0), 'CHUNK_ORDER');
      }

      let filename: string | null = null;
      if (last) {
        // The type once more, from the stored bytes: the file as it will be used.
        const type = detectFileType(kind, row.name, await store.readHead(row.storage_key, FILE_TYPE_HEAD_BYTES));
        if (!type) throw new HttpProblem(400, INVALID_FILE_TYPE_MESSAGE, 'FILE_TYPE');
        filename = finalFilename(row, type.extension);
      }
      await uploads.update(row.id, {
        next_index: index + 1,
        received_bytes: received,
        last_md5: md5,
        ...(index === 0 && { first_md5: md5 }),
        updated_at: now,
        ...(last && { final_filename: filename, completed_at: now }),
      });
      // Moved only once the row says so (a failed update leaves the partial file where it was);
      // a crash right here leaves a row naming a file still under partial/, see README.
      if (last) await store.finalize(row.storage_key, filename!);
      return { statusCode: 0, next_index: index + 1, finalFilename: filename } satisfies ChunkResult;
    });

    if (armCleanup !== undefined) {
      // One cleanup job per unfinished upload, due when it would count as abandoned (it re-arms
      // itself while pieces keep arriving). Enqueued after the commit: should this fail, the
      // periodic sweep (removeAbandonedUploads) still finds the upload.
      await app.jobs.enqueue(
        UPLOAD_CLEANUP_JOB,
        { uploadId: armCleanup },
        { runAt: new Date(now.getTime() + config.uploads.abandonHours * 3_600_000) },
      );
    }
    return result;
  }

  return {
    async uploadPacket(request) {
      return receive(request.userId, 'book', request.query, request.query.currentChunkIndex, chunkOf(request));
    },
    async uploadPacketCover(request) {
      return receive(request.userId, 'cover', request.query, request.query.currentCoverChunkIndex, chunkOf(request));
    },
  } satisfies ServiceHandlers;
}
