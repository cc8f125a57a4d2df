import type { FastifyInstance } from 'fastify';
import { THUMBNAIL_INVALID_MESSAGE, thumbnailDimensionsFailure } from '@pod/shared-contracts/validation';
import { AUDIO_TYPES, bookFileTypes, type SubmissionChoices } from '../../domain/book-submission.js';
import { FILE_TYPE_HEAD_BYTES, sniffFileType } from '../../domain/file-type.js';
import { jpegSize, type PixelSize } from '../../domain/jpeg-size.js';
import { HttpProblem } from '../../errors.js';
import type { FormatType, UploadKind } from '../../plugins/external/db-schema.js';
import { isStorageName } from '../../storage/file-store.js';
import { INVALID_FILE_TYPE_MESSAGE } from '../uploads.js';

export const FILE_NOT_FOUND_MESSAGE = 'File not found';

/** How much of a thumbnail is read for its frame header: first a little, then at most this. */
const JPEG_FIRST_READ = 64 * 1024;
export const JPEG_HEAD_MAX = 1024 * 1024;

const fileNotFound = () => new HttpProblem(404, FILE_NOT_FOUND_MESSAGE, 'FILE_NOT_FOUND');
const invalidType = () => new HttpProblem(400, INVALID_FILE_TYPE_MESSAGE, 'FILE_TYPE');

/**
 * The checks of the files a submission names: each must be a complete chunked upload of this
 * user for this upload pair (404 'File not found' otherwise), of the kind its place needs (the
 * cover from packet-cover, every other file from packet), of a type its place allows, told by
 * the stored file's first bytes (400 FILE_TYPE 'Invalid File Type'); a thumbnail must have the
 * format's size, read from the JPEG's frame header (400 VALIDATION with the spec's message).
 */
export function createSubmissionFiles(app: FastifyInstance) {
  const { fileStore: store, uploadRepository: uploads } = app;

  /** The first `length` bytes of a complete stored file. */
  async function head(name: string, size: number, length: number): Promise<Buffer> {
    const end = Math.min(size, length) - 1;
    if (end < 0) return Buffer.alloc(0);
    const stream = await store.read(name, { start: 0, end });
    if (!stream) throw fileNotFound();
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
    return Buffer.concat(parts);
  }

  /** The stored file `name` of the user's upload pair, its kind and its size; 404 when there is none. */
  async function stored(userId: number, pairId: string, name: string): Promise<{ stored: UploadKind; size: number }> {
    if (!isStorageName(name)) throw fileNotFound();
    const upload = await uploads.findCompleted(userId, pairId, name);
    const size = upload ? await store.size(name) : null;
    if (!upload || size === null) throw fileNotFound();
    return { stored: upload.kind, size };
  }

  /** The pixel size of a stored JPEG, reading no more than its head. */
  async function thumbnailSize(name: string, size: number): Promise<PixelSize> {
    let result = jpegSize(await head(name, size, JPEG_FIRST_READ));
    if (result === 'incomplete' && size > JPEG_FIRST_READ) result = jpegSize(await head(name, size, JPEG_HEAD_MAX));
    if (typeof result === 'string') throw new HttpProblem(400, THUMBNAIL_INVALID_MESSAGE, 'VALIDATION');
    return result;
  }

  /**
   * Every file of the submission: first that each exists (404), then each one's kind and type
   * (400 FILE_TYPE), then the thumbnail's size (400 VALIDATION). Order: cover, book, chapters,
   * thumbnail.
   */
  async function checkAll(userId: number, pairId: string, format: FormatType, choices: SubmissionChoices) {
    const wanted: Array<{ name: string; kind: UploadKind; types: readonly string[] }> = [
      ...(choices.cover ? [{ name: choices.cover, kind: 'cover' as const, types: ['pdf'] }] : []),
      ...(choices.book ? [{ name: choices.book, kind: 'book' as const, types: bookFileTypes(format, choices) }] : []),
      ...choices.audioFiles.map((name) => ({ name, kind: 'book' as const, types: AUDIO_TYPES })),
      ...(choices.thumbnail ? [{ name: choices.thumbnail, kind: 'book' as const, types: ['jpg'] }] : []),
    ];
    const files = [];
    for (const entry of wanted) files.push({ ...entry, ...(await stored(userId, pairId, entry.name)) });
    for (const file of files) {
      const type = sniffFileType(await head(file.name, file.size, FILE_TYPE_HEAD_BYTES));
      if (file.kind !== file.stored || !type || !file.types.includes(type.extension)) throw invalidType();
    }
    if (choices.thumbnail) {
      const thumbnail = files[files.length - 1]!;
      const pixels = await thumbnailSize(thumbnail.name, thumbnail.size);
      const failure = thumbnailDimensionsFailure(format, pixels.width, pixels.height);
      if (failure) throw new HttpProblem(400, failure, 'VALIDATION');
    }
  }

  return { checkAll };
}
