import { constants, createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** Inclusive byte range of a complete file (as an HTTP Range header names it). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: partial files that pieces are appended to, and complete files under
 * their final names. Keys and names are always chosen by the server (`isStorageName`); a client's
 * file name never reaches the store. Two implementations, chosen by FILE_STORE (storage/index.ts):
 * the local disk (below) and S3-compatible object storage (s3-file-store.ts); one contract test
 * suite runs against both (test/storage/file-store-contract.ts).
 */
export interface FileStore {
  /**
   * Writes `bytes` to the partial file `key` at `offset`, first dropping anything stored past
   * `offset` (bytes of a piece whose database update never committed). Creates the file at
   * offset 0. Answers false, writing nothing, when the partial file is shorter than `offset`
   * (lost): the upload must start again. `bytes` may be one buffer or the parts a piece arrived
   * in, written one after the other (an upload piece is never joined into one buffer for this).
   */
  append(key: string, offset: number, bytes: Uint8Array | readonly Uint8Array[]): Promise<boolean>;
  /** Size of the partial file, or null when there is none. */
  partialSize(key: string): Promise<number | null>;
  /** The first `length` bytes of the partial file (fewer when it is shorter). */
  readHead(key: string, length: number): Promise<Buffer>;
  /** Moves the complete partial file `key` to its final name. */
  finalize(key: string, finalName: string): Promise<void>;
  /** Removes the partial file `key` (nothing when it is gone already). */
  remove(key: string): Promise<void>;
  /** Whether a complete file of this final name exists. */
  exists(finalName: string): Promise<boolean>;
  /** Size in bytes of a complete file, or null when there is none. */
  size(finalName: string): Promise<number | null>;
  /**
   * A stream of a complete file, or of the inclusive `range` of it (the caller checks the range
   * against `size` first); null when there is no such file.
   */
  read(finalName: string, range?: ByteRange): Promise<Readable | null>;
  /** The whole of a complete file (for checks and documents built from it), or null. */
  readAll(finalName: string): Promise<Buffer | null>;
  /** Stores a complete file the server made itself (seed files, generated documents). */
  put(finalName: string, bytes: Uint8Array): Promise<void>;
  /** Removes a complete file (nothing when it is gone already). */
  delete(finalName: string): Promise<void>;
  /** Releases what the store holds open (the S3 client's connections); the app calls it on close. */
  close?(): Promise<void>;
}

const STORAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[a-z0-9]{1,8})?$/;

/** Keys and final names: letters, digits, `-`, `_`, one short extension; nothing path-like. */
export function isStorageName(name: string): boolean {
  return STORAGE_NAME.test(name);
}

/** `name` when it is a storage name; throws otherwise (a bug: the server chooses every name). */
export function checkedName(name: string): string {
  if (!isStorageName(name)) throw new Error(`not a storage name: ${JSON.stringify(name)}`);
  return name;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** The bytes of an append as a list of parts (one buffer is one part). */
export function partsOf(bytes: Uint8Array | readonly Uint8Array[]): readonly Uint8Array[] {
  return bytes instanceof Uint8Array ? [bytes] : bytes;
}

/**
 * Writes `parts` one after the other from `position`, in as few calls as the system takes
 * (writev); after a short write it goes on from the first byte not written.
 */
export async function writeAllAt(
  handle: Pick<FileHandle, 'writev'>,
  parts: readonly Uint8Array[],
  position: number,
): Promise<void> {
  let left = parts.filter((part) => part.length > 0);
  let at = position;
  while (left.length > 0) {
    let { bytesWritten } = await handle.writev(left, at);
    if (bytesWritten <= 0) throw new Error(`no byte of ${left.length} parts could be written at ${at}`);
    at += bytesWritten;
    const rest: Uint8Array[] = [];
    for (const part of left) {
      if (bytesWritten >= part.length) bytesWritten -= part.length;
      else {
        rest.push(bytesWritten > 0 ? part.subarray(bytesWritten) : part);
        bytesWritten = 0;
      }
    }
    left = rest;
  }
}

/**
 * The local disk: `<root>/partial/<key>` while an upload is under way, `<root>/files/<name>` once
 * complete. Every piece is flushed to disk (fdatasync) before the database records it. Folders
 * are created on first use, so building the app writes nothing.
 */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const partialDir = join(base, 'partial');
  const filesDir = join(base, 'files');
  const partialPath = (key: string) => join(partialDir, checkedName(key));
  const finalPath = (name: string) => join(filesDir, checkedName(name));
  async function sizeOf(finalName: string): Promise<number | null> {
    try {
      const info = await stat(finalPath(finalName));
      return info.isFile() ? info.size : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    async append(key, offset, bytes) {
      const path = partialPath(key);
      if (offset === 0) await mkdir(partialDir, { recursive: true });
      let handle;
      try {
        handle = await open(path, offset === 0 ? constants.O_CREAT | constants.O_WRONLY : constants.O_WRONLY);
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
      try {
        if ((await handle.stat()).size < offset) return false;
        await handle.truncate(offset);
        await writeAllAt(handle, partsOf(bytes), offset);
        await handle.datasync();
        return true;
      } finally {
        await handle.close();
      }
    },

    async partialSize(key) {
      try {
        return (await stat(partialPath(key))).size;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async readHead(key, length) {
      const handle = await open(partialPath(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async finalize(key, finalName) {
      await mkdir(filesDir, { recursive: true });
      await rename(partialPath(key), finalPath(finalName));
    },

    async remove(key) {
      await rm(partialPath(key), { force: true });
    },

    async exists(finalName) {
      return (await sizeOf(finalName)) !== null;
    },

    size: sizeOf,

    async read(finalName, range) {
      const path = finalPath(finalName);
      // Opened first so a missing file answers null instead of failing the stream later.
      let handle;
      try {
        handle = await open(path, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // The handle itself, not its number: the stream closes it, so it is never closed twice
      // (once by the stream, again when the garbage collector finds the handle).
      try {
        return createReadStream(path, { fd: handle, autoClose: true, ...range });
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async readAll(finalName) {
      try {
        return await readFile(finalPath(finalName));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async put(finalName, bytes) {
      await mkdir(filesDir, { recursive: true });
      const path = finalPath(finalName);
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
    },

    async delete(finalName) {
      await rm(finalPath(finalName), { force: true });
    },
  };
}
