import { readDraft, readDraftFlag } from '../../lib/draft-storage';
import type { BookFormat } from './file-rules';

/** What the upload screens need from the book draft (spec section 3 names). */
export interface UploadDraft {
  format: BookFormat | undefined;
  /** calc_rawOrPdf is 'raw': the print book file is a .docx. */
  raw: boolean;
  localBookId: number | null;
  internationalBookId: number | null;
  coverNeeded: boolean;
  thumbnailNeeded: boolean;
  conversionNeeded: boolean;
  formattingNeeded: boolean;
  bleedingNeeded: boolean;
  spotUvNeeded: boolean;
  heavyGraphics: boolean;
}

const FORMATS: readonly BookFormat[] = ['print', 'ebook', 'audiobook'];

function readId(name: string): number | null {
  const value = readDraft<unknown>(name, null);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** The draft as the upload screens read it; a value of the wrong type reads as absent or false. */
export function readUploadDraft(): UploadDraft {
  const format = readDraft<unknown>('bookFormat', null);
  return {
    format: FORMATS.find((value) => value === format),
    raw: readDraft<unknown>('rawOrPdf', null) === 'raw',
    localBookId: readId('localBookId'),
    internationalBookId: readId('internationalBookId'),
    coverNeeded: readDraftFlag('coverNeeded'),
    thumbnailNeeded: readDraftFlag('thumbnailNeeded'),
    conversionNeeded: readDraftFlag('conversionNeeded'),
    formattingNeeded: readDraftFlag('formattingNeeded'),
    bleedingNeeded: readDraftFlag('bleedingNeeded'),
    spotUvNeeded: readDraftFlag('spotUvNeeded'),
    heavyGraphics: readDraftFlag('heavyGraphics'),
  };
}
