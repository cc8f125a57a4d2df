import { thumbnailDimensionsFailure } from '@pod/shared-contracts';

/**
 * Which files each upload takes, and the thumbnail's messages (new-book-wizard.md section 5,
 * 'Files', word for word).
 */

/** The three formats of a book. */
export type BookFormat = 'print' | 'ebook' | 'audiobook';

/** A width and height in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The thumbnail's messages. */
export const THUMBNAIL_MESSAGES = {
  png: 'Cannot upload PNG files - Please upload a JPG or JPEG file',
  otherType: (type: string) => `Cannot upload ${type} files - Please upload a JPG or JPEG file`,
  noData: 'Please upload a valid JPG or JPEG file',
} as const;

/** The title of the modal a file of the wrong type opens (spec section 5). */
export const INVALID_FILE_TYPE = 'Invalid File Type';

/** The thumbnail size each format's hint names (spec sections 5 and 9). */
export const THUMBNAIL_SIZES: Partial<Record<BookFormat, ImageSize>> = {
  print: { width: 1000, height: 1000 },
  ebook: { width: 1600, height: 2500 },
};

/** The thumbnail's hint per format. */
export function thumbnailHint(format: BookFormat | undefined): string {
  if (format === 'audiobook') return 'A JPG or JPEG image of 3000 x 3000 px at 300 dpi.';
  const size = THUMBNAIL_SIZES[format ?? 'print'] ?? { width: 1000, height: 1000 };
  return `A JPG or JPEG image of ${size.width} x ${size.height} px${format === 'ebook' ? '' : ' at 300 dpi'}.`;
}

/** The extension of a file name, lower case without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** What a file calls its type for the messages: its extension, else its MIME subtype, in capitals. */
export function typeName(file: { name: string; type: string }): string {
  const extension = extensionOf(file.name);
  if (extension) return extension.toUpperCase();
  const subtype = file.type.split('/')[1];
  return subtype ? subtype.toUpperCase() : 'UNKNOWN';
}

/** The thumbnail's type message (JPG/JPEG only), or null for a JPEG. */
export function thumbnailTypeProblem(file: { name: string; type: string }): string | null {
  const extension = extensionOf(file.name);
  if (extension === 'jpg' || extension === 'jpeg') return null;
  if (!extension && file.type === 'image/jpeg') return null;
  if (extension === 'png' || (!extension && file.type === 'image/png')) return THUMBNAIL_MESSAGES.png;
  return THUMBNAIL_MESSAGES.otherType(typeName(file));
}

/**
 * The thumbnail's size message for a format, or null when it fits: the rule the server applies
 * too (`thumbnailDimensionsFailure` of shared-contracts: print 1000 px wide or high, eBook 1600
 * px wide or 2500 px high, audiobook 3000 x 3000 px), so the screen says it before uploading.
 */
export function thumbnailSizeProblem(format: BookFormat | undefined, size: ImageSize): string | null {
  if (!format) return null;
  return thumbnailDimensionsFailure(format, size.width, size.height) ?? null;
}

/** The cover: PDF only. */
export const COVER_TYPES = ['pdf'] as const;
/** Audio chapters. */
export const AUDIO_TYPES = ['mp3', 'wav', 'm4a'] as const;

/**
 * The book file's types: print PDF (.docx when the upload type is raw); eBook .epub, or .pdf,
 * .docx, .indd when conversion was requested; an audiobook has none.
 */
export function bookFileTypes(format: BookFormat | undefined, raw: boolean, conversionNeeded: boolean): string[] {
  if (format === 'ebook') return conversionNeeded ? ['pdf', 'docx', 'indd'] : ['epub'];
  if (format === 'audiobook') return [];
  return raw ? ['docx'] : ['pdf'];
}

/** True when the file's extension is one of `types`. */
export function hasType(file: { name: string }, types: readonly string[]): boolean {
  return types.includes(extensionOf(file.name));
}

/** The input's accept attribute: '.pdf,.docx'. */
export function acceptOf(types: readonly string[]): string {
  return types.map((type) => `.${type}`).join(',');
}

/** '.pdf', '.pdf or .docx', '.pdf, .docx or .indd'. */
export function typeList(types: readonly string[]): string {
  const dotted = types.map((type) => `.${type}`);
  return dotted.length > 1 ? `${dotted.slice(0, -1).join(', ')} or ${dotted[dotted.length - 1]}` : (dotted[0] ?? '');
}
