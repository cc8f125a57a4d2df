import type { BookFile } from '../book-model';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** A file of a book as the API lists it: a signed link `/api/v1/files/link-<filename>`. */
export function bookFile(filename: string, title: string, kind: BookFile['kind'], extra: Partial<BookFile> = {}) {
  return {
    filename,
    title,
    kind,
    contract: kind === 'contract',
    url: `/api/v1/files/link-${filename}`,
    size: 2048,
    contentType: TYPES[filename.split('.').pop() ?? ''] ?? 'application/octet-stream',
    ...extra,
  } satisfies BookFile;
}
