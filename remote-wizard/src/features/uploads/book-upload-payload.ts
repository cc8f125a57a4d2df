import type { BookUploadPayload } from './api/upload-book';
import type { UploadDraft } from './upload-draft';

/** The Additional Details as the metadata step stored them (its `MetadataValues`, passed in by the route). */
export interface UploadMetadata {
  subtitle: string;
  author: string;
  publicationDate: string;
  onSaleDate: string;
  language: string;
  bisacCode: string;
  shortDescription: string;
  longDescription: string;
  mainDescription: string;
  copyrightHolder: string;
  copyrightDate: string;
  recommendedAudience: string;
  indicatedAudienceWarning: string;
  keywords: string[];
  contributors: { name: string; role: string }[];
}

/** The uploaded files' server names (null where nothing was uploaded). */
export interface UploadedFiles {
  cover: string | null;
  thumbnail: string | null;
  book: string | null;
  /** Audio chapters in order (audiobooks). */
  audioFiles?: string[];
}

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The Book upload payload of spec section 3: the ids, the services of the draft, the
 * uploaded files' `finalFilename`s and the metadata (blank texts as null); for a print book
 * also `upload_type` (portal.yaml: the server takes a .docx book file only for `raw`).
 */
export function toBookUploadPayload(
  draft: UploadDraft,
  metadata: UploadMetadata,
  files: UploadedFiles,
): BookUploadPayload {
  return {
    local_bookId: draft.localBookId,
    international_bookId: draft.internationalBookId,
    // A print book's Select Upload Type: a print-ready PDF, or a .docx manuscript (raw).
    ...(draft.format === 'print' ? { upload_type: draft.raw ? ('raw' as const) : ('pdf' as const) } : {}),
    cover_needed: draft.format === 'print' && draft.coverNeeded,
    thumbnail_needed: draft.thumbnailNeeded,
    formatting_needed: draft.formattingNeeded,
    bleeding_needed: draft.bleedingNeeded,
    spot_uv_needed: draft.format === 'print' && draft.spotUvNeeded,
    heavy_graphics: draft.format === 'ebook' && draft.heavyGraphics,
    conversion_needed: draft.format === 'ebook' && draft.conversionNeeded,
    cover: files.cover,
    thumbnail: files.thumbnail,
    book: files.book,
    ...(files.audioFiles ? { audio_files: files.audioFiles } : {}),
    subtitle: textOrNull(metadata.subtitle),
    author: textOrNull(metadata.author),
    contributors: metadata.contributors,
    publicationDate: textOrNull(metadata.publicationDate),
    onSaleDate: textOrNull(metadata.onSaleDate),
    language: textOrNull(metadata.language),
    keywords: metadata.keywords,
    bisacCode: textOrNull(metadata.bisacCode),
    shortDescription: textOrNull(metadata.shortDescription),
    longDescription: textOrNull(metadata.longDescription),
    mainDescription: textOrNull(metadata.mainDescription),
    copyrightHolder: textOrNull(metadata.copyrightHolder),
    copyrightDate: textOrNull(metadata.copyrightDate),
    recommendedAudience: textOrNull(metadata.recommendedAudience),
    indicatedAudienceWarning: textOrNull(metadata.indicatedAudienceWarning),
  };
}
