import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { checkedName, partsOf, type FileStore } from './file-store.js';

/** Where the S3-compatible store keeps files (FILE_STORE=s3 and the S3_* settings, config.ts). */
export interface S3StoreSettings {
  /** S3_BUCKET: the one bucket of this server (created beforehand; the server never creates it). */
  bucket: string;
  /** S3_REGION (default us-east-1; `auto` for Cloudflare R2). */
  region: string;
  /** S3_ENDPOINT: MinIO, R2 or another S3-compatible server; unset: AWS itself. */
  endpoint: string | undefined;
  /** S3_FORCE_PATH_STYLE: `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** S3_PREFIX: prepended to every key, empty or ending in `/` (several servers share a bucket). */
  prefix: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset: the SDK's standard chain (AWS_* variables, profile, role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface S3FileStoreOptions {
  /** An S3Client of the caller's (then the caller destroys it); default: one built from the settings. */
  client?: S3Client;
  /** Size of the multipart parts `finalize` assembles (default and least: 5 MiB, S3's minimum). */
  partBytes?: number;
}

/** S3's least part size (every part but the last) and its most parts per upload. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Keys per DeleteObjects request (S3's limit). */
const DELETE_BATCH = 1_000;
/** Digits of a piece's offset in its key: keys sort as offsets do, up to a petabyte. */
const OFFSET_DIGITS = 15;

/** A stored piece of a partial file: its object key, where it starts and how long it is. */
interface Piece {
  key: string;
  offset: number;
  size: number;
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** No such object (GetObject: NoSuchKey; HeadObject, which has no body: NotFound). A missing bucket is an error. */
const isMissing = (err: unknown) => {
  const name = (err as Error).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(err) === 404 && name !== 'NoSuchBucket');
};
const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

/** The SDK client for `settings`, pointed at the endpoint when there is one. */
export function createS3Client(settings: S3StoreSettings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.credentials && { credentials: settings.credentials }),
    // Checksums only where S3 requires them (DeleteObjects): the newer default (CRC32 on every
    // upload) is not understood by every S3-compatible server. Uploads carry Content-MD5 instead,
    // which AWS, MinIO and R2 all verify.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The FileStore on one bucket of an S3-compatible service (AWS S3, MinIO, Cloudflare R2), every
 * key under `settings.prefix`:
 * - a partial file is its pieces, one object each, `partial/<key>/<offset, 15 digits>`: an append
 *   at an offset deletes the pieces at or past it (and cuts one that straddles it), the partial
 *   size is the run of pieces that follow each other from offset 0, and a missing piece (or none)
 *   is a lost upload;
 * - `finalize` assembles the pieces in order into `files/<name>` with a multipart upload (parts of
 *   `partBytes`, the last shorter), streaming them through one part-sized buffer, so memory stays
 *   at about one part whatever the file's size; a file shorter than a part is one PutObject. Then
 *   the pieces are deleted.
 * Relies on the strong read-after-write and list consistency that S3, MinIO and R2 provide.
 */
export function createS3FileStore(settings: S3StoreSettings, options: S3FileStoreOptions = {}): FileStore {
  const client = options.client ?? createS3Client(settings);
  const ownsClient = !options.client;
  const partBytes = Math.max(options.partBytes ?? MIN_PART_BYTES, MIN_PART_BYTES);
  const { bucket, prefix } = settings;
  const piecesPrefix = (key: string) => `${prefix}partial/${checkedName(key)}/`;
  const pieceKey = (key: string, offset: number) =>
    `${piecesPrefix(key)}${String(offset).padStart(OFFSET_DIGITS, '0')}`;
  const fileKey = (name: string) => `${prefix}files/${checkedName(name)}`;

  /** Every stored piece of `key`, by offset (objects under its folder that are not pieces are ignored). */
  async function listPieces(key: string): Promise<Piece[]> {
    const folder = piecesPrefix(key);
    const pieces: Piece[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ...(token && { ContinuationToken: token }) }),
      );
      for (const object of page.Contents ?? []) {
        const offset = object.Key!.slice(folder.length);
        if (/^\d+$/.test(offset)) pieces.push({ key: object.Key!, offset: Number(offset), size: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return pieces.sort((a, b) => a.offset - b.offset);
  }

  /** The pieces that make the partial file: the run that follows on from offset 0, gaps end it. */
  function contiguous(pieces: Piece[]): { pieces: Piece[]; size: number } {
    const run: Piece[] = [];
    let size = 0;
    for (const piece of pieces) {
      if (piece.offset !== size) break;
      run.push(piece);
      size += piece.size;
    }
    return { pieces: run, size };
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const answer = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
    }
  }

  async function putObject(key: string, bytes: Uint8Array): Promise<void> {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentMD5: md5Base64(bytes),
      }),
    );
  }

  /** The object's bytes (or the inclusive range of them) as a stream; null when there is none. */
  async function getStream(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.from([Buffer.from(await body.transformToByteArray())]);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function getBytes(key: string, range?: { start: number; end: number }): Promise<Buffer | null> {
    const stream = await getStream(key, range);
    if (!stream) return null;
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
    return Buffer.concat(parts);
  }

  /** Assembles `pieces` (`size` bytes) into `target` with a multipart upload of `partBytes` parts. */
  async function assemble(pieces: Piece[], size: number, target: string): Promise<void> {
    // Large files: bigger parts, so they stay within S3's 10,000 parts.
    const partSize = Math.max(partBytes, Math.ceil(size / MAX_PARTS));
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: target }));
    const completed: CompletedPart[] = [];
    // One part at a time: bytes are copied into `part` as they stream in, and sent when it is full.
    const part = Buffer.allocUnsafe(partSize);
    let filled = 0;
    const sendPart = async () => {
      const bytes = part.subarray(0, filled);
      const PartNumber = completed.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: target,
          UploadId,
          PartNumber,
          Body: bytes,
          ContentLength: bytes.length,
          ContentMD5: md5Base64(bytes),
        }),
      );
      completed.push({ PartNumber, ETag });
      filled = 0;
    };
    try {
      for (const piece of pieces) {
        const stream = await getStream(piece.key);
        if (!stream) throw new Error(`piece ${piece.key} disappeared while the file was assembled`);
        let received = 0;
        for await (const chunk of stream) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          received += bytes.length;
          let read = 0;
          while (read < bytes.length) {
            const copied = bytes.copy(part, filled, read);
            filled += copied;
            read += copied;
            if (filled === partSize) await sendPart();
          }
        }
        if (received !== piece.size) throw new Error(`piece ${piece.key} changed while the file was assembled`);
      }
      if (filled > 0 || completed.length === 0) await sendPart();
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: target,
          UploadId,
          MultipartUpload: { Parts: completed },
        }),
      );
    } catch (err) {
      // Best effort: an incomplete multipart upload costs storage until aborted (a bucket lifecycle
      // rule should abort them too, README "Uploads"); some S3-compatible servers cannot abort.
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: target, UploadId })).catch(() => {});
      throw err;
    }
  }

  async function sizeOf(finalName: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fileKey(finalName) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    async append(key, offset, bytes) {
      const target = pieceKey(key, offset);
      const pieces = await listPieces(key);
      const stored = contiguous(pieces.filter((piece) => piece.offset < offset));
      if (stored.size < offset) return false;
      // Whatever lies at or past `offset` was written by a piece whose database update never
      // committed: dropped (and anything off the run before it). The piece at `offset` itself is
      // replaced by the put below.
      const kept = new Set(stored.pieces.map((piece) => piece.key).concat(target));
      await deleteKeys(pieces.filter((piece) => !kept.has(piece.key)).map((piece) => piece.key));
      const straddling = stored.pieces.at(-1);
      if (straddling && straddling.offset + straddling.size > offset) {
        const head = await getBytes(straddling.key, { start: 0, end: offset - straddling.offset - 1 });
        if (!head) return false;
        await putObject(straddling.key, head);
      }
      // One body, which the SDK may have to send again (a retry): a piece in parts is joined here.
      const parts = partsOf(bytes);
      await putObject(target, parts.length === 1 ? parts[0]! : Buffer.concat(parts));
      return true;
    },

    async partialSize(key) {
      const pieces = await listPieces(key);
      return pieces.length === 0 ? null : contiguous(pieces).size;
    },

    async readHead(key, length) {
      const { pieces } = contiguous(await listPieces(key));
      if (pieces.length === 0) throw new Error(`no partial file ${key}`);
      const parts: Buffer[] = [];
      let collected = 0;
      for (const piece of pieces) {
        if (collected >= length) break;
        if (piece.size === 0) continue;
        const end = Math.min(piece.size, length - collected) - 1;
        const bytes = await getBytes(piece.key, { start: 0, end });
        if (!bytes) break;
        parts.push(bytes);
        collected += bytes.length;
      }
      return Buffer.concat(parts).subarray(0, length);
    },

    async finalize(key, finalName) {
      const target = fileKey(finalName);
      const all = await listPieces(key);
      const { pieces, size } = contiguous(all);
      if (pieces.length === 0 || pieces.length !== all.length) {
        throw new Error(`partial file ${key} is missing pieces: cannot finalize it`);
      }
      if (size < partBytes) {
        // Under a part: one request, the file never larger than a part in memory.
        const parts: Buffer[] = [];
        for (const piece of pieces) {
          const bytes = await getBytes(piece.key);
          if (!bytes) throw new Error(`piece ${piece.key} disappeared while the file was assembled`);
          parts.push(bytes);
        }
        await putObject(target, Buffer.concat(parts));
      } else {
        await assemble(pieces, size, target);
      }
      await deleteKeys(all.map((piece) => piece.key));
    },

    async remove(key) {
      await deleteKeys((await listPieces(key)).map((piece) => piece.key));
    },

    async exists(finalName) {
      return (await sizeOf(finalName)) !== null;
    },

    size: sizeOf,

    read(finalName, range) {
      return getStream(fileKey(finalName), range);
    },

    readAll(finalName) {
      return getBytes(fileKey(finalName));
    },

    async put(finalName, bytes) {
      // One PutObject: S3 shows the old object or the new one, never half of one.
      await putObject(fileKey(finalName), bytes);
    },

    async delete(finalName) {
      // DeleteObject answers success for a key that does not exist.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fileKey(finalName) }));
    },

    async close() {
      if (ownsClient) client.destroy();
    },
  };
}
