import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed file links (GET /api/v1/files/{token}): the token itself is the credential, so a link
 * works where no bearer header can be sent (`<a href download>`, `<audio src>`, `<img src>`)
 * and the access token never appears in a URL. A token names the user, the book record, the
 * file and an expiry, and carries an HMAC-SHA256 of all four under a key derived from the
 * server's secret for this purpose only (plugins/external/auth.ts). Nothing is stored: a link
 * cannot be revoked before it expires, which is why it lives only 30 minutes, and why the
 * download re-checks that the book is still the user's and the file still the book's.
 */
export const FILE_LINK_TTL_SECONDS = 30 * 60;

/** Where the links point (the API's own origin). */
export const FILE_LINK_PATH = '/api/v1/files/';

/** Which file of a book a link names. */
export type FileRef =
  /** An entry of books.files, by its stored name. */
  | { kind: 'file'; name: string }
  /** books.thumbnail: a stored file's name, or null for a data URL kept in the record. */
  | { kind: 'thumbnail'; name: string | null }
  /** The signed contract of the book's upload. */
  | { kind: 'contract' };

export interface FileLinkClaims {
  userId: number;
  bookId: number;
  file: FileRef;
  /** Unix seconds; the link answers 410 from then on. */
  expiresAt: number;
}

/** The outcome of reading a token: its claims, or why not (forged or malformed, or expired). */
export type FileLinkCheck = { ok: true; claims: FileLinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

export interface FileLinks {
  /** A token for `file` of `bookId`, valid for FILE_LINK_TTL_SECONDS from the clock's now. */
  token(userId: number, bookId: number, file: FileRef): string;
  /** The link of that token: `/api/v1/files/<token>`. */
  url(userId: number, bookId: number, file: FileRef): string;
  read(token: string): FileLinkCheck;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function encodeRef(file: FileRef): string {
  const text = file.kind === 'file' ? `f:${file.name}` : file.kind === 'thumbnail' ? `t:${file.name ?? ''}` : 'c:';
  return Buffer.from(text, 'utf8').toString('base64url');
}

function decodeRef(encoded: string): FileRef | null {
  const text = Buffer.from(encoded, 'base64url').toString('utf8');
  const name = text.slice(2);
  if (text.startsWith('f:') && name !== '') return { kind: 'file', name };
  if (text.startsWith('t:')) return { kind: 'thumbnail', name: name === '' ? null : name };
  if (text === 'c:') return { kind: 'contract' };
  return null;
}

/** `<user>.<book>.<expiry>.<file, base64url>.<HMAC, base64url>`. */
const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{2,400})\.([A-Za-z0-9_-]{43})$/;

/** `key`: derived from the server's secret for file links only; `now`: the app's clock. */
export function createFileLinks(key: Uint8Array, now: () => Date): FileLinks {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  function token(userId: number, bookId: number, file: FileRef): string {
    const payload = `${userId}.${bookId}.${seconds(now()) + FILE_LINK_TTL_SECONDS}.${encodeRef(file)}`;
    return `${payload}.${mac(payload)}`;
  }

  return {
    token,
    url: (userId, bookId, file) => `${FILE_LINK_PATH}${token(userId, bookId, file)}`,
    read(value) {
      const match = TOKEN.exec(value);
      if (!match) return { ok: false, reason: 'invalid' };
      const [, user, book, expires, ref, signature] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      // Compared as text: decoding first would accept other spellings of the same bytes (the last
      // base64url character carries unused bits), making tokens malleable.
      const expected = Buffer.from(mac(`${user}.${book}.${expires}.${ref}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      const file = decodeRef(ref);
      if (!file) return { ok: false, reason: 'invalid' };
      // Only a genuine token is told it expired: a forged one learns nothing.
      if (Number(expires) <= seconds(now())) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { userId: Number(user), bookId: Number(book), file, expiresAt: Number(expires) } };
    },
  };
}
