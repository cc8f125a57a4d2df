import {
  BookMetadata,
  METADATA_FIELD_ORDER,
  METADATA_TEXT_FIELDS,
  validateForm,
  type FormErrors,
} from '@pod/shared-contracts/validation';
import { HttpProblem } from '../../errors.js';
import type { FormatType } from '../../plugins/external/db-schema.js';
import type { RequestBody } from '../types.js';

type Body = RequestBody<'uploadBook'>;

/** The metadata as books.misc.metaDataInfo keeps it (portal.yaml Metadata): trimmed, blanks null. */
export interface StoredMetadata {
  subtitle: string | null;
  author: string | null;
  contributors: Array<{ name: string; role: string }>;
  publicationDate: string | null;
  onSaleDate: string | null;
  language: string | null;
  keywords: string[];
  bisacCode: string | null;
  shortDescription: string | null;
  longDescription: string | null;
  mainDescription: string | null;
  copyrightHolder: string | null;
  copyrightDate: string | null;
  recommendedAudience: string | null;
  indicatedAudienceWarning: string | null;
}

/** The first message of a field's errors (a list's first failing entry for contributors). */
function firstMessage(errors: FormErrors[string] | undefined): string | undefined {
  if (errors === undefined) return undefined;
  if (typeof errors === 'string') return errors;
  for (const entry of Object.values(errors)) {
    const message = firstMessage(entry as FormErrors[string] | undefined);
    if (message !== undefined) return message;
  }
  return undefined;
}

/**
 * Checks the Additional Details with the form's own struct (`BookMetadata` of
 * @pod/shared-contracts/validation) and answers them as stored, or throws 400 `VALIDATION` with
 * the message of the first failing field in the order the screen shows them (the field the form
 * would focus). The author rule applies to print books only, as on the form.
 */
export function checkedMetadata(format: FormatType, body: Body): StoredMetadata {
  // The form leaves an emptied field undefined: null becomes undefined for the struct.
  const form: Record<string, unknown> = { bookFormat: format };
  for (const field of METADATA_TEXT_FIELDS) form[field] = body[field] ?? undefined;
  form.contributors = body.contributors ?? [];
  form.keywords = body.keywords ?? [];
  const errors = validateForm(BookMetadata, form);
  if (errors) {
    const message =
      METADATA_FIELD_ORDER.map((field) => firstMessage(errors[field])).find((found) => found !== undefined) ??
      firstMessage(errors);
    throw new HttpProblem(400, message ?? 'Please check the details of your book', 'VALIDATION');
  }

  const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
  const stored = Object.fromEntries(METADATA_TEXT_FIELDS.map((field) => [field, text(body[field])])) as Omit<
    StoredMetadata,
    'contributors' | 'keywords'
  >;
  return {
    ...stored,
    contributors: (body.contributors ?? [])
      .map((contributor) => ({ name: contributor.name.trim(), role: contributor.role.trim() }))
      .filter((contributor) => contributor.name !== ''),
    keywords: (body.keywords ?? []).map((keyword) => keyword.trim()).filter((keyword) => keyword !== ''),
  };
}
