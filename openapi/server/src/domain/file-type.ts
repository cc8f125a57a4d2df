/**
 * Which files an upload may be, by their first bytes (never by the name alone). The extension
 * of the client's file name is only a hint: it must be one of the detected type's extensions
 * (a PDF called "cover.jpg" is refused, so the author sees that the wrong file was picked), and
 * it tells the zip-based types apart (.epub, which must also carry the EPUB `mimetype` entry
 * first, as the EPUB standard requires, or .docx). The stored file gets the detected type's
 * extension, never the client's.
 */
export type UploadFileKind = 'book' | 'cover';

export interface FileType {
  /** Extension of the stored file (lower case, no dot). */
  extension: string;
  /** Extensions a client's file name may have for this type. */
  extensions: readonly string[];
  matches(head: Buffer): boolean;
}

/** Bytes needed from the start of a file to tell its type. */
export const FILE_TYPE_HEAD_BYTES = 64;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An EPUB's first zip entry: the file `mimetype`, stored, holding `application/epub+zip` (name at 30). */
const EPUB_MIMETYPE = ascii('mimetypeapplication/epub+zip');
/** Adobe InDesign document GUID. */
const INDD = [0x06, 0x06, 0xed, 0xf5, 0xd8, 0x1d, 0x46, 0xe5, 0xbd, 0x31, 0xef, 0xe7, 0xfe, 0x74, 0xb7, 0x1d];

export const PDF: FileType = { extension: 'pdf', extensions: ['pdf'], matches: (h) => startsWith(h, ascii('%PDF-')) };
export const JPEG: FileType = {
  extension: 'jpg',
  extensions: ['jpg', 'jpeg'],
  matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
};
export const EPUB: FileType = {
  extension: 'epub',
  extensions: ['epub'],
  matches: (h) => startsWith(h, ZIP) && startsWith(h, EPUB_MIMETYPE, 30),
};
export const DOCX: FileType = { extension: 'docx', extensions: ['docx'], matches: (h) => startsWith(h, ZIP) };
export const INDESIGN: FileType = { extension: 'indd', extensions: ['indd'], matches: (h) => startsWith(h, INDD) };
export const MP3: FileType = {
  extension: 'mp3',
  extensions: ['mp3'],
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits).
  matches: (h) => startsWith(h, ascii('ID3')) || (h.length >= 2 && h[0] === 0xff && (h[1]! & 0xe0) === 0xe0),
};
export const WAV: FileType = {
  extension: 'wav',
  extensions: ['wav'],
  matches: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WAVE'), 8),
};
export const M4A: FileType = { extension: 'm4a', extensions: ['m4a'], matches: (h) => startsWith(h, ascii('ftyp'), 4) };

/**
 * What each endpoint takes. packet-cover: the cover PDF only. packet: the book file (PDF, DOCX,
 * EPUB, InDesign for conversion), the thumbnail (JPEG) and audio (MP3, WAV, M4A); which of them
 * a given book may use (print: PDF or DOCX, eBook: EPUB...) is POST /user/uploadbook's check.
 */
export const ALLOWED_TYPES: Record<UploadFileKind, readonly FileType[]> = {
  cover: [PDF],
  book: [PDF, EPUB, DOCX, INDESIGN, JPEG, MP3, WAV, M4A],
};

/** The extension of a client's file name, lower case, or '' when it has none. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** The type of a file of `kind` from its first bytes and its name's extension, or null (refused). */
export function detectFileType(kind: UploadFileKind, name: string, head: Buffer): FileType | null {
  const extension = extensionOf(name);
  return ALLOWED_TYPES[kind].find((type) => type.extensions.includes(extension) && type.matches(head)) ?? null;
}

/** Every type, the more specific signatures first (an EPUB is also a zip, as a DOCX is). */
const BY_SPECIFICITY: readonly FileType[] = [PDF, EPUB, DOCX, INDESIGN, JPEG, WAV, M4A, MP3];

/**
 * The type of a stored file from its first bytes alone (FILE_TYPE_HEAD_BYTES), or null. Used on
 * complete files, whose bytes decide what they are: an EPUB is an EPUB whatever it was called.
 */
export function sniffFileType(head: Buffer): FileType | null {
  return BY_SPECIFICITY.find((type) => type.matches(head)) ?? null;
}
