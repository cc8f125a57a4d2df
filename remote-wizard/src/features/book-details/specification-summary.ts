import { formatRand, formatUsd, type DetailsItem, type QuoteResource } from '@pod/shared-contracts';
import type { BookDraft } from './book-draft';
import { genreChoices } from './genres';
import { CUSTOM_SIZE, findOption, optionName, type QuoteRequest } from './quote-body';

/** The ISBN line when the author asked for one to be registered (the R250 is added to the cart later). */
export const ISBN_TO_REGISTER = 'ISBN to be registered (R250)';
/** A value the draft does not have. */
export const NOT_GIVEN = 'Not given';

const FORMAT_NAMES = { print: 'Print', ebook: 'eBook', audiobook: 'Audiobook' } as const;
const COLOUR_NAMES: Record<string, string> = { Colo: 'Colour', 'B&W': 'Black and white' };

const or = (value: string | null | undefined, fallback = NOT_GIVEN) =>
  value != null && value.trim() !== '' ? value.trim() : fallback;

const capitalised = (value: string) => (value ? `${value.charAt(0).toUpperCase()}${value.slice(1)}` : value);

function regionsText(body: QuoteRequest): string {
  if (body.is_local && body.is_international) return 'Local and International';
  if (body.is_local) return 'Local';
  return body.is_international ? 'International' : NOT_GIVEN;
}

function genreText(draft: BookDraft, resources: readonly QuoteResource[]): string {
  const genre = genreChoices(resources).find((choice) => choice.id === draft.genre.trim());
  return genre ? `${genre.heading} / ${genre.subCategory} (${genre.bisac})` : NOT_GIVEN;
}

function contributorsText(draft: BookDraft): string {
  const named = draft.contributors.filter((c) => c.name.trim() !== '');
  return named.length ? named.map((c) => `${c.name.trim()} (${c.role.trim()})`).join(', ') : 'None';
}

/** 'A5 (210 x 148 mm)' for a standard size, 'Custom 200 x 130 mm' for a custom one. */
export function sizeText(draft: BookDraft, body: QuoteRequest, resources: readonly QuoteResource[]): string {
  if (body.height === null || body.width === null) return NOT_GIVEN;
  const mm = `${body.height} x ${body.width} mm`;
  if (draft.size === CUSTOM_SIZE) return `Custom ${mm}`;
  const name = findOption(resources, 'sizes', draft.size) ? optionName(resources, 'sizes', draft.size) : '';
  return name ? `${name} (${mm})` : mm;
}

function extrasText(body: QuoteRequest): string {
  const extras: Array<[boolean, string]> = [
    [body.heavyGraphics, 'Heavy graphics'],
    [body.spot_uv, 'Spot UV'],
    [body.duplex_needed, 'Duplex cover'],
    [body.soft_touch_matt_lamination, 'Soft-touch matt lamination'],
    [body.spiral_bound, 'Spiral binding'],
    [body.i_duplex_covered, 'Duplex cover (international)'],
    [body.perforation, 'Perforation (international)'],
  ];
  const chosen = extras.filter(([on]) => on).map(([, name]) => name);
  return chosen.length ? chosen.join(', ') : 'None';
}

function printItems(draft: BookDraft, body: QuoteRequest, resources: readonly QuoteResource[]): DetailsItem[] {
  const items: DetailsItem[] = [
    { label: 'Size', value: sizeText(draft, body, resources) },
    { label: 'Orientation', value: or(capitalised(draft.orientation)) },
    { label: 'Colour', value: COLOUR_NAMES[draft.color] ?? or(draft.color) },
    { label: 'Cover finish', value: or(body.finish) },
    { label: 'Binding', value: or(body.bind) },
  ];
  if (body.is_local) {
    items.push(
      { label: 'Local paper type', value: or(optionName(resources, 'localPaperTypes', body.l_paper_type_id)) },
      { label: 'Local cover type', value: or(optionName(resources, 'localBookTypes', body.l_cover_type_id)) },
    );
  }
  if (body.is_international) {
    items.push(
      {
        label: 'International paper type',
        value: or(optionName(resources, 'internationalPaperTypes', body.i_paper_type_id)),
      },
      {
        label: 'International cover type',
        value: or(optionName(resources, 'internationalBookTypes', body.i_cover_type_id)),
      },
    );
  }
  return items;
}

function audiobookItems(draft: BookDraft, body: QuoteRequest): DetailsItem[] {
  if (!body.recording_needed) return [{ label: 'Recording', value: 'Not needed (own audio files)' }];
  return [
    { label: 'Recording', value: 'Recording needed' },
    { label: 'Voice gender', value: or(capitalised(draft.voiceGender)) },
    { label: 'Voice accent', value: or(draft.voiceAccent) },
    { label: 'Voice artist', value: or(draft.voiceArtistName) },
    { label: 'Chapters', value: or(draft.numChapters) },
  ];
}

/**
 * Page 3's summary of the draft, with the names an author knows (formats, option names, sizes,
 * prices in R and USD). Figures, types and extras are read from the quote body, so the page shows
 * exactly what Confirm sends.
 */
export function specificationItems(
  draft: BookDraft,
  body: QuoteRequest,
  resources: readonly QuoteResource[],
): DetailsItem[] {
  const format = draft.bookFormat;
  const items: DetailsItem[] = [
    { label: 'Format', value: format ? FORMAT_NAMES[format] : NOT_GIVEN },
    { label: 'Title', value: or(body.book_title) },
  ];
  if (format === 'ebook') items.push({ label: 'Author', value: or(draft.author) });
  items.push(
    { label: 'Sales region', value: regionsText(body) },
    { label: 'Genre', value: genreText(draft, resources) },
    { label: 'ISBN', value: body.isbn_is_required ? ISBN_TO_REGISTER : or(body.isbn) },
    { label: 'Contributors', value: contributorsText(draft) },
    { label: 'Pages', value: body.no_of_pages === null ? NOT_GIVEN : String(body.no_of_pages) },
  );
  if (format === 'print') items.push(...printItems(draft, body, resources));
  if (format === 'audiobook') items.push(...audiobookItems(draft, body));
  if (body.is_local) {
    items.push({ label: 'Local price', value: body.local_price === null ? NOT_GIVEN : formatRand(body.local_price) });
  }
  if (body.is_international) {
    const price = body.international_price;
    items.push({ label: 'International price', value: price === null ? NOT_GIVEN : formatUsd(price) });
  }
  items.push({ label: 'Extras', value: extrasText(body) });
  return items;
}
