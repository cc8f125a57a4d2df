import { readDraft, readDraftFields, readDraftFlag, readDraftText, writeDraft } from '../../lib/draft-storage';
import { BANK_FLAG_FIELDS, BANK_TEXT_FIELDS, PUBLISHER_TEXT_FIELDS } from '../../lib/payout-fields';
import type { ContractContributor, ContractDraft } from './contract-payload';

function readId(name: string): number | null {
  const value = readDraft<unknown>(name, null);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function readContributors(): ContractContributor[] {
  const value = readDraft<unknown>('contributors', []);
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      name: typeof item.name === 'string' ? item.name : '',
      role: typeof item.role === 'string' ? item.role : '',
    }));
}

/**
 * What the contract needs from the draft, read field by field from the calc_ keys the earlier
 * steps wrote (spec section 3 names: calc_publisherName, calc_bankName, calc_localBookId, ...).
 * A value of the wrong type reads as blank.
 */
export function readContractDraft(): ContractDraft {
  return {
    localBookId: readId('localBookId'),
    internationalBookId: readId('internationalBookId'),
    ...readDraftFields(PUBLISHER_TEXT_FIELDS, ['isSelfPublisher']),
    ...readDraftFields(BANK_TEXT_FIELDS, BANK_FLAG_FIELDS),
    author: readDraftText('author'),
    contributors: readContributors(),
  };
}

/** The signing step's own draft fields: calc_acceptTerms, calc_signedPlace, calc_signature, calc_initials, calc_printName. */
export interface SigningDraft {
  acceptTerms: boolean;
  signedPlace: string;
  signature: string | null;
  initials: string | null;
  /** An addition to the spec's draft: the name printed under the signature. */
  printName: string | null;
}

const dataUrl = (name: string): string | null => {
  const value = readDraft<unknown>(name, null);
  return typeof value === 'string' && value.startsWith('data:image/') ? value : null;
};

/** The signing step as it was left (a reload keeps the pads, the place and the ticked terms). */
export function readSigningDraft(): SigningDraft {
  const printName = readDraft<unknown>('printName', null);
  return {
    acceptTerms: readDraftFlag('acceptTerms'),
    signedPlace: readDraftText('signedPlace'),
    signature: dataUrl('signature'),
    initials: dataUrl('initials'),
    printName: typeof printName === 'string' ? printName : null,
  };
}

/** Keeps one field of the signing step in the draft; null or undefined removes it. */
export function writeSigningDraft<K extends keyof SigningDraft>(name: K, value: SigningDraft[K]): void {
  writeDraft(name, value ?? undefined);
}

/** The draft fields that route the step after Check Your Email. */
export interface FormatDraft {
  bookFormat: string | null;
  recordingRequired: boolean;
}

/** The book's format and whether a recording was ordered (calc_bookFormat, calc_recordingRequired). */
export function readFormatDraft(): FormatDraft {
  const format = readDraft<unknown>('bookFormat', null);
  return {
    bookFormat: typeof format === 'string' ? format : null,
    recordingRequired: readDraftFlag('recordingRequired'),
  };
}
