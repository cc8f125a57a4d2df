import { Readable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_CONTENT_SECURITY_POLICY } from '../domain/content-security-policy.js';
import {
  contentDisposition,
  extensionOfMediaType,
  FALLBACK_MEDIA_TYPE,
  mediaTypeOf,
  parseRange,
} from '../domain/download.js';
import type { FileRef } from '../domain/file-links.js';
import { HttpProblem, paramsFailureAs } from '../errors.js';
import type { BookRow, StoredBookFile } from '../plugins/external/db-schema.js';
import { isStorageName } from '../storage/file-store.js';
import { createContractDocuments } from './contract-documents.js';
import type { ServiceHandlers } from './types.js';
import type { components } from '@pod/shared-contracts/api/schema';

export type BookFileView = components['schemas']['BookFile'];
type FileKind = BookFileView['kind'];

export const FILE_NOT_FOUND_MESSAGE = 'File not found';
export const LINK_EXPIRED_MESSAGE = 'This link has expired: open the book again for a new one.';
export const RANGE_NOT_SATISFIABLE_MESSAGE = 'The requested range is not satisfiable.';

/** What a browser may keep a served file for: 5 minutes, private, well within a link's 30. */
export const FILE_CACHE_CONTROL = 'private, max-age=300';

const fileNotFound = () => new HttpProblem(404, FILE_NOT_FOUND_MESSAGE);

/** A file of a book before its link is signed: what it is called and where its bytes are. */
export interface ListedFile {
  filename: string;
  title: string;
  kind: FileKind;
  ref: FileRef;
  contentType: string;
}

const KINDS: readonly FileKind[] = ['book', 'cover', 'thumbnail', 'audio', 'contract'];

/** A contract can be shown once the book left the quote status and its signed details exist. */
export function hasContract(book: Pick<BookRow, 'misc' | 'contract'>): boolean {
  const status = book.misc.status;
  return typeof status === 'string' && status !== '' && status !== 'quote' && book.contract !== null;
}

const DATA_URL = /^data:([\w/+.-]+);base64,(.*)$/s;

function kindOf(file: StoredBookFile, contentType: string): FileKind {
  if ((KINDS as readonly string[]).includes(file.kind)) return file.kind as FileKind;
  return contentType.startsWith('audio/') ? 'audio' : 'book';
}

const sameRef = (a: FileRef, b: FileRef) =>
  a.kind === b.kind && (a.kind === 'contract' || a.name === (b as { name: string | null }).name);

/**
 * Every file of a book record, in the order the library lists them: the entries of
 * books.files (a `contract` entry is the upload's signed contract), the thumbnail (books.thumbnail:
 * a data URL kept in the record, or a stored file's name; listed once when books.files names the
 * same file), and the contract when it is signed but not an entry yet (the demo library).
 * A contract is listed only while the book has one (hasContract), as it is served only then.
 */
export function listBookFiles(book: Pick<BookRow, 'id' | 'files' | 'thumbnail' | 'misc' | 'contract'>): ListedFile[] {
  const signed = hasContract(book);
  const files: ListedFile[] = [];
  for (const file of book.files) {
    if (file.kind === 'contract') {
      if (!signed) continue;
      files.push({
        filename: file.filename,
        title: file.title || 'Contract',
        kind: 'contract',
        ref: { kind: 'contract' },
        contentType: 'application/pdf',
      });
      continue;
    }
    const contentType = mediaTypeOf(file.filename);
    files.push({
      filename: file.filename,
      title: file.title,
      kind: kindOf(file, contentType),
      ref: { kind: 'file', name: file.filename },
      contentType,
    });
  }
  const thumbnail = book.thumbnail;
  if (thumbnail && !book.files.some((file) => file.filename === thumbnail)) {
    const data = DATA_URL.exec(thumbnail);
    if (data) {
      files.push({
        filename: `thumbnail-${book.id}.${extensionOfMediaType(data[1]!)}`,
        title: 'Thumbnail',
        kind: 'thumbnail',
        ref: { kind: 'thumbnail', name: null },
        contentType: mediaTypeOf(`.${extensionOfMediaType(data[1]!)}`),
      });
    } else if (isStorageName(thumbnail)) {
      files.push({
        filename: thumbnail,
        title: 'Thumbnail',
        kind: 'thumbnail',
        ref: { kind: 'thumbnail', name: thumbnail },
        contentType: mediaTypeOf(thumbnail),
      });
    }
  }
  if (signed && !files.some((file) => file.kind === 'contract')) {
    files.push({
      filename: `contract-${book.id}.pdf`,
      title: 'Contract',
      kind: 'contract',
      ref: { kind: 'contract' },
      contentType: 'application/pdf',
    });
  }
  return files;
}

/** Where the bytes of a listed file are: the file store, or in memory (a data URL, a contract PDF). */
type FileSource = { store: string; size: number } | { bytes: Buffer };

/**
 * The book files of the library with their signed links (GET /user/getuserbooks, GET
 * /user/viewusersbookinfo), and GET /files/{token}, which serves them. Decisions: portal.yaml,
 * downloadFile; SECURITY.md, "File links".
 */
export function createBookFiles(app: FastifyInstance) {
  const { fileStore: store, fileLinks, bookRepository, contractRepository } = app;
  const documents = createContractDocuments(app);

  /** The size of a listed file without reading it (null when unknown or missing). */
  async function sizeOf(book: BookRow, file: ListedFile): Promise<number | null> {
    if (file.ref.kind === 'contract') return contractRepository.documentSize(book.pair_id);
    const name = file.ref.name;
    if (name === null) {
      const data = DATA_URL.exec(book.thumbnail ?? '');
      return data ? Buffer.from(data[2]!, 'base64').length : null;
    }
    return isStorageName(name) ? store.size(name) : null;
  }

  async function sourceOf(userId: number, book: BookRow, file: ListedFile): Promise<FileSource | null> {
    if (file.ref.kind === 'contract') {
      const partner = await bookRepository.findPartner(book);
      return { bytes: Buffer.from(await documents.signedPdf(userId, book, partner)) };
    }
    const name = file.ref.name;
    if (name === null) {
      const data = DATA_URL.exec(book.thumbnail ?? '');
      return data ? { bytes: Buffer.from(data[2]!, 'base64') } : null;
    }
    if (!isStorageName(name)) return null;
    const size = await store.size(name);
    return size === null ? null : { store: name, size };
  }

  /**
   * The body of the answer: the whole source or one range of it, a stream from the store (never
   * the whole file in memory); for HEAD an empty stream (Fastify then keeps our Content-Length).
   * Opened before any header is set, so a file gone meanwhile is a plain 404.
   */
  async function bodyOf(source: FileSource, range: { start: number; end: number } | null, head: boolean) {
    const size = 'store' in source ? source.size : source.bytes.length;
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    const length = size === 0 ? 0 : end - start + 1;
    if (head || length === 0) return { length, body: Readable.from([]) };
    if ('bytes' in source) return { length, body: source.bytes.subarray(start, end + 1) };
    const stream = await store.read(source.store, range ?? undefined);
    if (!stream) throw fileNotFound();
    return { length, body: stream };
  }

  return {
    /**
     * The files of a book with fresh links for `userId`. `withSizes`: ask the store for each size
     * (the detail view); the list answers null sizes.
     */
    async views(userId: number, book: BookRow, withSizes: boolean): Promise<BookFileView[]> {
      return Promise.all(
        listBookFiles(book).map(async (file) => ({
          filename: file.filename,
          title: file.title,
          kind: file.kind,
          contract: file.kind === 'contract',
          url: fileLinks.url(userId, book.id, file.ref),
          size: withSizes ? await sizeOf(book, file) : null,
          contentType: file.contentType,
        })),
      );
    },

    handlers: {
      async downloadFile(request, reply) {
        const check = fileLinks.read(request.params.token);
        if (!check.ok) {
          if (check.reason === 'expired') throw new HttpProblem(410, LINK_EXPIRED_MESSAGE, 'LINK_EXPIRED');
          throw fileNotFound();
        }
        const { userId, bookId, file: ref } = check.claims;
        // Re-checked at every download: still that user's book, still one of its files.
        const book = await bookRepository.findOwned(userId, bookId);
        const file = book && listBookFiles(book).find((candidate) => sameRef(candidate.ref, ref));
        if (!book || !file) throw fileNotFound();
        const source = await sourceOf(userId, book, file);
        if (!source) throw fileNotFound();
        const size = 'store' in source ? source.size : source.bytes.length;

        // If-Range is not evaluated (no validator is ever sent), so a Range under it is ignored.
        const wanted = request.headers['if-range'] === undefined ? parseRange(request.headers.range, size) : null;
        if (wanted?.kind === 'unsatisfiable') {
          throw new HttpProblem(416, RANGE_NOT_SATISFIABLE_MESSAGE, 'RANGE_NOT_SATISFIABLE', {
            'content-range': `bytes */${size}`,
          });
        }
        const range = wanted?.kind === 'part' ? { start: wanted.start, end: wanted.end } : null;
        const { length, body } = await bodyOf(source, range, request.method === 'HEAD');
        const contentType = file.contentType || FALLBACK_MEDIA_TYPE;
        reply
          .code(range ? 206 : 200)
          .type(contentType)
          .header('content-length', String(length))
          .header('content-disposition', contentDisposition(request.query.disposition ?? 'attachment', file.filename))
          .header('accept-ranges', 'bytes')
          .header('cache-control', FILE_CACHE_CONTROL);
        if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
        // An SVG may carry script: sandboxed on top of the API's policy, even when opened as a page.
        if (contentType === 'image/svg+xml') {
          reply.header('content-security-policy', `${API_CONTENT_SECURITY_POLICY}; sandbox`);
        }
        return reply.send(body);
      },
    } satisfies ServiceHandlers,
  };
}

/**
 * downloadFile: a token that does not match its pattern is one more unknown link (404, not a
 * validation 400); its own Cache-Control is kept (security-headers).
 */
export const fileRouteOptions: Record<string, Partial<RouteOptions>> = {
  downloadFile: {
    schemaErrorFormatter: paramsFailureAs(fileNotFound),
    config: { ownCacheControl: true },
  },
};
