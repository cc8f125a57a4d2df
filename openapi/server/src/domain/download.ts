/**
 * The HTTP side of file downloads as pure functions: which part of a file a Range header asks
 * for (RFC 9110 section 14), the Content-Disposition of a file name (RFC 6266), and the media
 * type of a stored file.
 */

/** What to answer for a Range header against a file of `size` bytes. */
export type RangeAnswer =
  /** 200 with the whole file: no Range, one this server does not serve in parts, or not bytes. */
  | { kind: 'whole' }
  /** 206 with the inclusive byte range. */
  | { kind: 'part'; start: number; end: number }
  /** 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const DIGITS = /^\d{1,15}$/;

/**
 * One `bytes=` range: `a-b`, `a-` (from a to the end) or `-n` (the last n bytes). An end past the
 * file is cut to its last byte. A range starting past the end, or a suffix of 0 bytes, cannot be
 * satisfied. Several ranges (`bytes=0-1,5-6`) are answered whole (200): browsers and players ask
 * for one range, and a multipart/byteranges answer would serve no client of the portal. A header
 * that is not a well-formed `bytes=` range is ignored (RFC 9110: a server MAY ignore Range), so
 * the whole file is served.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const specs = match[1]!.split(',').map((spec) => spec.trim());
  if (specs.length !== 1) return { kind: 'whole' };
  const dash = specs[0]!.indexOf('-');
  if (dash === -1) return { kind: 'whole' };
  const first = specs[0]!.slice(0, dash).trim();
  const last = specs[0]!.slice(dash + 1).trim();
  if (first === '') {
    if (!DIGITS.test(last)) return { kind: 'whole' };
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  if (!DIGITS.test(first) || (last !== '' && !DIGITS.test(last))) return { kind: 'whole' };
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * `attachment` or `inline` with the file name twice (RFC 6266): `filename` an ASCII fallback
 * (other characters, `"` and `%` become `_`) and `filename*` the name in UTF-8, percent-encoded
 * (RFC 8187), which browsers prefer. Control characters, `/` and `\` become `_` in both.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  // Control characters and path separators never belong in a saved file's name.
  const safe = [...filename].map((char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || code === 0x7f || char === '/' || char === '\\' ? '_' : char;
  });
  const name = safe.join('').trim() || 'download';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Media types by the stored file's extension (the server chose it from the file's first bytes,
 * domain/file-type.ts; seed thumbnails are SVG or PNG data URLs). Anything else is served as
 * application/octet-stream, which no browser renders.
 */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  epub: 'application/epub+zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  indd: 'application/x-indesign',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
};

export const FALLBACK_MEDIA_TYPE = 'application/octet-stream';

/** The media type of a file name by its extension. */
export function mediaTypeOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(filename);
  return (match && MEDIA_TYPES[match[1]!.toLowerCase()]) || FALLBACK_MEDIA_TYPE;
}

/** The extension for a data URL's media type (thumbnails kept in the record). */
export function extensionOfMediaType(type: string): string {
  return Object.entries(MEDIA_TYPES).find(([, media]) => media === type.toLowerCase())?.[0] ?? 'bin';
}
