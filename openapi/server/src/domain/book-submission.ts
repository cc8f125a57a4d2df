import type { PriceConfig } from '@pod/shared-contracts/pricing';
import type { CartServiceData, FormatType, StoredBookFile } from '../plugins/external/db-schema.js';

/**
 * The rules of a files submission (POST /user/uploadbook{suffix}) that need no database: which
 * operation and files a format takes, which services apply, what a submission charges, how the
 * stored files change. Decisions: portal.yaml uploadBook and the server README ("Book files").
 */

export type SubmitOperation = 'uploadBook' | 'uploadBookEbook' | 'uploadBookAudio';

/** The operation and path of each format (the specification's `{suffix}`). */
export const SUBMIT_OPERATION: Record<FormatType, { operationId: SubmitOperation; path: string }> = {
  print: { operationId: 'uploadBook', path: '/user/uploadbook' },
  ebook: { operationId: 'uploadBookEbook', path: '/user/uploadbookebook' },
  audiobook: { operationId: 'uploadBookAudio', path: '/user/uploadbookaudio' },
};

const FORMAT_NAME: Record<FormatType, string> = { print: 'a print book', ebook: 'an eBook', audiobook: 'an audiobook' };

export const wrongOperationMessage = (format: FormatType) =>
  `This book is ${FORMAT_NAME[format]}: send its files with POST ${SUBMIT_OPERATION[format].path}.`;
export const stageClosedMessage = (stage: string) =>
  `This book cannot take files at its stage (${stage || 'none'}): files follow the signed contract.`;

/** Service names, as the cart and books.misc list them. */
export const SERVICE = {
  conversion: 'eBook conversion',
  revision: 'File revision',
  coverDesign: 'Cover design',
  thumbnailDesign: 'Thumbnail design',
  formatting: 'Formatting',
  bleed: 'Bleed setup',
  heavyGraphics: 'Heavy graphics handling',
} as const;

/** The request's choices, read once (BooleanLike flags as booleans). */
export interface SubmissionChoices {
  uploadType: 'pdf' | 'raw';
  coverNeeded: boolean;
  thumbnailNeeded: boolean;
  formattingNeeded: boolean;
  bleedingNeeded: boolean;
  conversionNeeded: boolean;
  heavyGraphics: boolean;
  cover: string | null;
  thumbnail: string | null;
  book: string | null;
  audioFiles: string[];
}

export const MESSAGES = {
  printOnly: (what: string) => `${what} is for print books only.`,
  conversionEbookOnly: 'Conversion to .epub is a service for eBooks only.',
  coverMissing: 'Please upload the cover of your book (a PDF), or choose the cover design service.',
  thumbnailMissing: 'Please upload a thumbnail image (JPG or JPEG), or choose the thumbnail design service.',
  bookMissing: 'Please upload your book file.',
  audioMissing: 'Please upload the audio chapters of your audiobook (MP3, WAV or M4A): no recording was ordered.',
  audioDuplicate: 'Each audio chapter must be a different file.',
  noCover: (format: FormatType) => `${format === 'ebook' ? 'An eBook' : 'An audiobook'} takes no cover file.`,
  noBookFile: 'An audiobook takes no book file: send its chapters in audio_files.',
  audioOnly: 'Only audiobooks take audio_files.',
} as const;

/** The first rule of the request's shape that fails for `format` (400 VALIDATION), or undefined. */
export function choicesFailure(format: FormatType, choices: SubmissionChoices, recordingOrdered: boolean) {
  const print = format === 'print';
  if (!print) {
    if (choices.uploadType === 'raw') return MESSAGES.printOnly('The raw (.docx) upload type');
    if (choices.coverNeeded) return MESSAGES.printOnly('Cover design');
    if (choices.formattingNeeded) return MESSAGES.printOnly('Formatting');
    if (choices.bleedingNeeded) return MESSAGES.printOnly('Bleed setup');
    if (choices.cover !== null) return MESSAGES.noCover(format);
  }
  if (format !== 'ebook' && choices.conversionNeeded) return MESSAGES.conversionEbookOnly;
  if (format !== 'audiobook' && choices.audioFiles.length > 0) return MESSAGES.audioOnly;
  if (format === 'audiobook' && choices.book !== null) return MESSAGES.noBookFile;

  if (print && choices.cover === null && !choices.coverNeeded) return MESSAGES.coverMissing;
  if (choices.thumbnail === null && !choices.thumbnailNeeded) return MESSAGES.thumbnailMissing;
  if (format !== 'audiobook' && choices.book === null) return MESSAGES.bookMissing;
  if (format === 'audiobook') {
    if (choices.audioFiles.length === 0 && !recordingOrdered) return MESSAGES.audioMissing;
    if (new Set(choices.audioFiles).size !== choices.audioFiles.length) return MESSAGES.audioDuplicate;
  }
  return undefined;
}

/** The book file's allowed types (stored extensions) for the format and the choices. */
export function bookFileTypes(format: FormatType, choices: SubmissionChoices): readonly string[] {
  if (format === 'print') return choices.uploadType === 'raw' ? ['docx'] : ['pdf'];
  if (format === 'ebook') return choices.conversionNeeded ? ['epub', 'pdf', 'docx', 'indd'] : ['epub'];
  return [];
}
export const AUDIO_TYPES: readonly string[] = ['mp3', 'wav', 'm4a'];

/** Every service the submission asks for, priced or not, in a fixed order. */
export function requestedServices(format: FormatType, choices: SubmissionChoices): string[] {
  const names: string[] = [];
  if (format === 'print' && choices.coverNeeded) names.push(SERVICE.coverDesign);
  if (choices.thumbnailNeeded) names.push(SERVICE.thumbnailDesign);
  if (format === 'print' && choices.formattingNeeded) names.push(SERVICE.formatting);
  if (format === 'print' && choices.bleedingNeeded) names.push(SERVICE.bleed);
  if (format === 'ebook' && choices.conversionNeeded) names.push(SERVICE.conversion);
  if (format === 'ebook' && choices.heavyGraphics) names.push(SERVICE.heavyGraphics);
  return names;
}

/** The files a submission stores, with their display titles (portal.yaml BookFile). */
export function acceptedFiles(choices: SubmissionChoices): StoredBookFile[] {
  return [
    ...(choices.cover ? [{ filename: choices.cover, title: 'Cover', kind: 'cover' }] : []),
    ...(choices.book ? [{ filename: choices.book, title: 'Book', kind: 'book' }] : []),
    ...choices.audioFiles.map((filename, index) => ({ filename, title: `Chapter ${index + 1}`, kind: 'audio' })),
    ...(choices.thumbnail ? [{ filename: choices.thumbnail, title: 'Thumbnail', kind: 'thumbnail' }] : []),
  ];
}

/** A record's files with the accepted ones replacing every earlier file of the same kinds. */
export function mergeFiles(existing: readonly StoredBookFile[], accepted: readonly StoredBookFile[]): StoredBookFile[] {
  const kinds = new Set(accepted.map((file) => file.kind));
  return [...existing.filter((file) => !kinds.has(file.kind)), ...accepted];
}

/**
 * Whether the submission brings a new book file: the book (print, eBook) or the audio chapters
 * (audiobook, in order) differ from the stored ones. The same files again are no change.
 */
export function bookFileChanged(existing: readonly StoredBookFile[], accepted: readonly StoredBookFile[]): boolean {
  const names = (files: readonly StoredBookFile[], kind: string) =>
    files.filter((file) => file.kind === kind).map((file) => file.filename);
  return ['book', 'audio'].some((kind) => {
    const after = names(accepted, kind);
    const before = names(existing, kind);
    return after.length > 0 && (after.length !== before.length || after.some((name, i) => name !== before[i]));
  });
}

/** Proofing statuses before approval; any other status (approved, in production...) is approved. */
const NOT_APPROVED = new Set(['', 'quote', 'pending', 'denied']);
export const isApproved = (status: unknown) =>
  !NOT_APPROVED.has(
    String(status ?? '')
      .trim()
      .toLowerCase(),
  );

const service = (name: string, description: string, cost: number): CartServiceData => ({
  name,
  description,
  cost,
  discount: 0,
  discount_type: 0,
});

export interface ChargeInput {
  /** The services of the upload's unpaid cart item, or null when it has none (paid). */
  item: readonly CartServiceData[] | null;
  /** One-off services already put in a cart for this upload (books.misc.chargedServices). */
  charged: readonly string[];
  conversionRequested: boolean;
  revision: boolean;
  prices: PriceConfig;
}

export interface ChargePlan {
  /** The unpaid item's new services, when they change. */
  itemServices: CartServiceData[] | null;
  /** The services of a new cart item (the upload has no unpaid one), when anything is charged. */
  newItem: CartServiceData[] | null;
  /** books.misc.chargedServices afterwards. */
  charged: string[];
}

/**
 * What a submission charges, priced from the configuration only. eBook conversion is charged
 * once per upload: requested and not charged yet, it is added; no longer requested while still
 * unpaid, it is taken out again; once paid it is never charged again. A file revision (a new
 * book file after approval) adds 'File revision' unless the unpaid item already has one. One
 * service per name per item, so the same request twice adds nothing twice.
 */
export function planCharges(input: ChargeInput): ChargePlan {
  const before = input.item ?? [];
  let services = [...before];
  let charged = [...input.charged];
  const add: CartServiceData[] = [];
  const has = (name: string) => services.some((entry) => entry.name === name);

  if (input.conversionRequested) {
    if (!charged.includes(SERVICE.conversion)) {
      add.push(service(SERVICE.conversion, 'Conversion of the book file to .epub', input.prices.ebook.conversionFixed));
      charged.push(SERVICE.conversion);
    }
  } else if (charged.includes(SERVICE.conversion) && has(SERVICE.conversion)) {
    services = services.filter((entry) => entry.name !== SERVICE.conversion);
    charged = charged.filter((name) => name !== SERVICE.conversion);
  }
  if (input.revision) add.push(service(SERVICE.revision, 'A new book file after approval', input.prices.fileRevision));

  for (const entry of add) if (!has(entry.name)) services.push(entry);
  if (input.item === null) return { itemServices: null, newItem: services.length > 0 ? services : null, charged };
  const changed = services.length !== before.length || services.some((entry, i) => entry !== before[i]);
  return { itemServices: changed ? services : null, newItem: null, charged };
}
