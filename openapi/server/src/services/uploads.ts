import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, preParsingAsyncHookHandler, RouteOptions } from 'fastify';
import type { AppConfig } from '../config.js';
import { detectFileType, FILE_TYPE_HEAD_BYTES, type UploadFileKind } from '../domain/file-type.js';
import { HttpProblem } from '../errors.js';
import { createUploadCleanupJob, UPLOAD_CLEANUP_JOB } from '../jobs/upload-cleanup.js';
import type { UploadRow } from '../plugins/external/db-schema.js';
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
    /** The bytes and MD5 of an upload piece, read by `readChunk`. */
    chunk?: { bytes: Buffer; md5: string };
  }
}

/**
 * preParsing of the two packet routes: reads the piece (at most CHUNK_BYTES, 400 beyond; the
 * Content-Length is checked first so a large body is refused before it is read), hashing it as
 * it arrives, and hands the same bytes to the octet-stream parser.
 */
const readChunk: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > CHUNK_BYTES) {
    throw new HttpProblem(400, CHUNK_TOO_LARGE_MESSAGE, 'CHUNK_TOO_LARGE');
  }
  const hash = createHash('md5');
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of payload) {
    const buffer = Buffer.isBuffer(part) ? part : Buffer.from(part as string);
    size += buffer.length;
    if (size > CHUNK_BYTES) throw new HttpProblem(400, CHUNK_TOO_LARGE_MESSAGE, 'CHUNK_TOO_LARGE');
    hash.update(buffer);
    parts.push(buffer);
  }
  const bytes = Buffer.concat(parts);
  request.chunk = { bytes, md5: hash.digest('hex') };
  return Readable.from([bytes], { objectMode: false });
};

export const uploadRouteOptions: Record<string, Partial<RouteOptions>> = {
  uploadPacket: { bodyLimit: CHUNK_BODY_LIMIT, preParsing: readChunk },
  uploadPacketCover: { bodyLimit: CHUNK_BODY_LIMIT, preParsing: readChunk },
};

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
    chunk: { bytes: Buffer; md5: string } | undefined,
  ): Promise<ChunkResult> {
    // Whose and when first (404 before anything about the bytes), then the piece itself.
    const { pairId, named } = await resolveUpload(app, userId, query);
    assertUploadable(named);
    const bytes = chunk?.bytes ?? Buffer.alloc(0);
    if (bytes.length === 0) throw new HttpProblem(400, CHUNK_EMPTY_MESSAGE, 'CHUNK_SIZE');
    if (chunk!.md5 !== query.md5_chunk.trim().toLowerCase()) throw new HttpProblem(400, CHUNK_MD5_MESSAGE, 'CHUNK_MD5');
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
      if (row.next_index > 0 && index === row.next_index - 1 && chunk!.md5 === row.last_md5) {
        return { statusCode: 0, next_index: row.next_index, finalFilename: row.final_filename } satisfies ChunkResult;
      }

      if (index === 0) {
        // A client that lost track sends piece 0 of the same file: resume where it stands.
        if (row.completed_at === null && row.next_index > 0 && chunk!.md5 === row.first_md5) {
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
      if (index === 0 && !detectFileType(kind, row.name, bytes.subarray(0, FILE_TYPE_HEAD_BYTES))) {
        throw new HttpProblem(400, INVALID_FILE_TYPE_MESSAGE, 'FILE_TYPE');
      }

      if (!(await store.append(row.storage_key, row.received_bytes, bytes))) {
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
        last_md5: chunk!.md5,
        ...(index === 0 && { first_md5: chunk!.md5 }),
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
      return receive(request.userId, 'book', request.query, request.query.currentChunkIndex, request.chunk);
    },
    async uploadPacketCover(request) {
      return receive(request.userId, 'cover', request.query, request.query.currentCoverChunkIndex, request.chunk);
    },
  } satisfies ServiceHandlers;
}
