import {
  CUSTOM_SIZE,
  formatAmount,
  SADDLE_STITCH_MAX_PAGES,
  type PriceConfig,
  type QuoteResource,
  type VoiceArtist,
} from '@pod/shared-contracts';
import type { BookDraft } from './book-draft';

/**
 * The choices of book-details page 2, from GET /user/quoteinfo and the voice-over artists: the
 * sizes of the chosen regions and orientation, the paper types of the colour and page count,
 * the cover types, the voices, the extras' costs, and the draft fields derived from a choice.
 */

/** A choice as a select offers it. */
export interface Choice {
  value: string;
  label: string;
}

/** What the page says when no paper type is left (spec section 8). */
export const NO_PAPER_MATCH = 'N/A, No matches found';

/** The label of the custom size's choice. */
export const CUSTOM_SIZE_LABEL = 'Custom size';

/** A paper or cover type group of the resources. */
export type TypeGroup = 'localPaperTypes' | 'localBookTypes' | 'internationalPaperTypes' | 'internationalBookTypes';

/** The draft field of each type group. */
export const TYPE_FIELD = {
  localPaperTypes: 'localPaperType',
  localBookTypes: 'localCoverPaperType',
  internationalPaperTypes: 'internationalPaperType',
  internationalBookTypes: 'internationalCoverPaperType',
} as const satisfies Record<TypeGroup, keyof BookDraft>;

/** The four chosen types, which a new size, colour or cover finish clears (spec section 4). */
export const TYPE_FIELDS = Object.values(TYPE_FIELD);

interface TypeOption {
  id: number;
  name: string;
  maxPage: number | null;
}

interface SizeOption {
  id: number;
  name: string;
  height: number;
  width: number;
  orientation: string;
  isLocal: boolean;
  isInternational: boolean;
}

/** The options of one type group. */
export function typeOptions(resources: readonly QuoteResource[], group: TypeGroup): TypeOption[] {
  return resources
    .filter((r) => r.group === group)
    .map((r) => {
      const option = r as { id: number; name: string; maxPage?: number | null };
      return { id: option.id, name: option.name, maxPage: option.maxPage ?? null };
    });
}

/** The type of `group` with id `value` (a select's text), if known. */
export function typeOf(resources: readonly QuoteResource[], group: TypeGroup, value: string | undefined) {
  return typeOptions(resources, group).find((option) => String(option.id) === value);
}

/** The page count as a whole number, or null while it is not one. */
export function wholePages(numPages: string | undefined): number | null {
  const text = (numPages ?? '').trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * The paper types of a region for the colour and the page count: names with 'B&W' for black and
 * white, names with 'Colour' for colour (a name with neither suits both), and a maxPage that
 * takes the pages (when known).
 */
export function paperChoices(
  resources: readonly QuoteResource[],
  group: 'localPaperTypes' | 'internationalPaperTypes',
  color: string | undefined,
  pages: number | null,
): Choice[] {
  return typeOptions(resources, group)
    .filter((option) => {
      const bw = option.name.includes('B&W');
      const colour = /colou?r/i.test(option.name);
      if (color === 'B&W' && colour && !bw) return false;
      if (color === 'Colo' && bw && !colour) return false;
      return pages === null || option.maxPage === null || pages <= option.maxPage;
    })
    .map((option) => ({ value: String(option.id), label: option.name }));
}

/** The cover types of a region (all of them: the saddle-stitch limit has its own modal). */
export function coverChoices(
  resources: readonly QuoteResource[],
  group: 'localBookTypes' | 'internationalBookTypes',
): Choice[] {
  return typeOptions(resources, group).map((option) => ({ value: String(option.id), label: option.name }));
}

/** True for a saddle-stitch cover type. */
export function isSaddleStitch(name: string | undefined): boolean {
  return /saddle stitch/i.test(name ?? '');
}

/** The cover fields holding a saddle-stitch type although the pages exceed 96. */
export function saddleStitchOverLimit(resources: readonly QuoteResource[], values: Partial<BookDraft>): string[] {
  const pages = wholePages(values.numPages);
  if (pages === null || pages <= SADDLE_STITCH_MAX_PAGES) return [];
  return (['localBookTypes', 'internationalBookTypes'] as const)
    .filter((group) => isSaddleStitch(typeOf(resources, group, values[TYPE_FIELD[group]])?.name))
    .map((group) => TYPE_FIELD[group]);
}

/**
 * True when the pages exceed a chosen paper or cover type's maxPage in a chosen region (the
 * server's B12 and its 400 on a quote).
 */
export function exceedsChosenTypes(resources: readonly QuoteResource[], values: Partial<BookDraft>): boolean {
  const pages = wholePages(values.numPages);
  if (pages === null) return false;
  const groups: TypeGroup[] = [
    ...(values.isLocal ? (['localPaperTypes', 'localBookTypes'] as const) : []),
    ...(values.isInternational ? (['internationalPaperTypes', 'internationalBookTypes'] as const) : []),
  ];
  return groups.some((group) => {
    const maxPage = typeOf(resources, group, values[TYPE_FIELD[group]])?.maxPage ?? null;
    return maxPage !== null && pages > maxPage;
  });
}

/** The standard sizes. */
export function sizeOptions(resources: readonly QuoteResource[]): SizeOption[] {
  return resources.filter((r) => r.group === 'sizes').map((r) => r as unknown as SizeOption);
}

/** 'A5 (210 x 148 mm)'. */
export const sizeLabel = (size: SizeOption) => `${size.name} (${size.height} x ${size.width} mm)`;

/**
 * The sizes printable in every chosen region, of the orientation (all orientations while none
 * is chosen), then 'Custom size'.
 */
export function sizeChoices(
  resources: readonly QuoteResource[],
  regions: { isLocal: boolean; isInternational: boolean },
  orientation: string | undefined,
): Choice[] {
  return [
    ...sizeOptions(resources)
      .filter((size) => (!regions.isLocal || size.isLocal) && (!regions.isInternational || size.isInternational))
      .filter((size) => !orientation || size.orientation === orientation)
      .map((size) => ({ value: String(size.id), label: sizeLabel(size) })),
    { value: CUSTOM_SIZE, label: CUSTOM_SIZE_LABEL },
  ];
}

/** The standard size with id `value`, if known. */
export function sizeOf(resources: readonly QuoteResource[], value: string | undefined) {
  return sizeOptions(resources).find((size) => String(size.id) === value);
}

/** The accents of the artists (of the gender, once chosen), each once, in order of appearance. */
export function accentChoices(artists: readonly VoiceArtist[], gender: string | undefined): Choice[] {
  const accents = artists
    .filter((artist) => !gender || artist.gender === gender)
    .map((artist) => artist.nationality)
    .filter((accent): accent is string => typeof accent === 'string' && accent !== '');
  return [...new Set(accents)].map((accent) => ({ value: accent, label: accent }));
}

/** The artists of the gender and accent. */
export function artistChoices(
  artists: readonly VoiceArtist[],
  gender: string | undefined,
  accent: string | undefined,
): Choice[] {
  return artists
    .filter((artist) => artist.gender === gender && artist.nationality === accent)
    .map((artist) => ({ value: String(artist.id), label: artist.name }));
}

/**
 * The draft fields that follow a choice: the binding is the chosen local (else international)
 * cover type's name, the voice artist's name the chosen artist's.
 */
export function withDerivedFields<T extends Partial<BookDraft>>(
  values: T,
  resources: readonly QuoteResource[],
  artists: readonly VoiceArtist[],
): T {
  const print = values.bookFormat === 'print';
  const local = values.isLocal ? typeOf(resources, 'localBookTypes', values.localCoverPaperType) : undefined;
  const international = values.isInternational
    ? typeOf(resources, 'internationalBookTypes', values.internationalCoverPaperType)
    : undefined;
  const artist =
    values.bookFormat === 'audiobook' && values.recordingRequired
      ? artists.find((a) => String(a.id) === values.voiceArtist)
      : undefined;
  return {
    ...values,
    binding: print ? ((local ?? international)?.name ?? '') : '',
    voiceArtistName: artist?.name ?? '',
  };
}

/** 'R2.50' for a local amount, 'USD 0.60' for an international one. */
const rand = (amount: number) => `R${formatAmount(amount)}`;
const usd = (amount: number) => `USD ${formatAmount(amount)}`;

/** The extras' cost hints (spec section 9's tooltips), from the price configuration. */
export function extraHints(config: PriceConfig) {
  return {
    heavyGraphics: 'Many images or illustrations: no extra cost per book',
    spotUvNeeded: `${rand(config.spotUvPerCover)} per cover`,
    duplexNeeded: `${rand(config.duplexCoverPerBook)} per book`,
    softTouchMattLaminationNeeded: `${rand(config.softTouchLaminationPerCover)} per cover`,
    spiralBoundNeeded: `${rand(config.spiralBindingPerBook)} per book`,
    duplexNeededInt: `${usd(config.internationalDuplexPerBook)} per book`,
    perforationNeededInt: `${usd(config.perforationPerBook)} per book`,
    recordingRequired: `${rand(config.recordingPerPage)} per page`,
  } as const;
}
