/**
 * The wizard's stage machine (new-book-wizard.md section 2): the stage order, the base paths,
 * the progress of a stage and the stage before and after it.
 */

/** The stages in the specification's order; progress and Continue follow it. */
export const STAGE_ORDER = [
  'publishing-rights',
  'general-info',
  'calculator',
  'confirm-details',
  'publisher-info',
  'bank-details',
  'accept-terms',
  'contract',
  'upload-type',
  'metadata',
  'confirm-bleed-cover',
  'upload-assets',
  'accept-terms-additional',
  'payment-method',
  'submission-complete',
] as const;

/**
 * The further stage names, each with the ordered stage whose place it takes. The spec calls
 * calculator, e-book and audio-book entry points of one details area, so they share its place;
 * where upload-audio and applicability sit is not shown, so they take the upload and terms
 * places they stand in for (README, Decisions).
 */
const FURTHER_STAGES = {
  'e-book': 'calculator',
  'audio-book': 'calculator',
  'upload-audio': 'upload-assets',
  applicability: 'accept-terms-additional',
} as const satisfies Record<string, OrderedStage>;

/** One stage of {@link STAGE_ORDER}. */
export type OrderedStage = (typeof STAGE_ORDER)[number];
/** Any stage name of the wizard. */
export type Stage = OrderedStage | keyof typeof FURTHER_STAGES;

/** Every stage name, ordered ones first. */
export const STAGES: readonly Stage[] = [...STAGE_ORDER, ...(Object.keys(FURTHER_STAGES) as Stage[])];

/** The two base paths; the one the user entered by is kept between steps ({pagePathname}). */
export const BASE_PATHS = ['/new-book', '/my-first-book'] as const;
/** '/new-book' or '/my-first-book'. */
export type BasePath = (typeof BASE_PATHS)[number];

/** True for a known stage name. */
export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

function placeOf(stage: Stage): OrderedStage {
  return stage in FURTHER_STAGES ? FURTHER_STAGES[stage as keyof typeof FURTHER_STAGES] : (stage as OrderedStage);
}

/** The stage's index in the order (publishing-rights is 0). */
export function stageIndex(stage: Stage): number {
  return STAGE_ORDER.indexOf(placeOf(stage));
}

/** The stage count the progress divides by: 10 for a raw (docx) upload, otherwise 9. */
export function stageCount(rawUpload: boolean): number {
  return rawUpload ? 10 : 9;
}

/** Stage index over the stage count, as a percentage capped at 100 (the later stages are all 100). */
export function progressPercent(stage: Stage, rawUpload: boolean): number {
  return Math.min(100, (stageIndex(stage) / stageCount(rawUpload)) * 100);
}

/** The ordered stage after this one; null after submission-complete. */
export function nextStage(stage: Stage): OrderedStage | null {
  return STAGE_ORDER[stageIndex(stage) + 1] ?? null;
}

/** The ordered stage before this one (for an entry point, the one before its place); null for the first. */
export function previousStage(stage: Stage): OrderedStage | null {
  const index = stageIndex(stage);
  return index > 0 ? (STAGE_ORDER[index - 1] ?? null) : null;
}

/** The path of a stage under a base path: stagePath('/my-first-book', 'general-info'). */
export function stagePath(base: BasePath, stage: Stage): string {
  return `${base}/${stage}`;
}

const LABELS: Partial<Record<Stage, string>> = {
  'e-book': 'eBook',
  'audio-book': 'Audiobook',
  'general-info': 'General information',
};

/** 'confirm-bleed-cover' -> 'Confirm bleed cover'. */
export function stageLabel(stage: Stage): string {
  return LABELS[stage] ?? `${stage.charAt(0).toUpperCase()}${stage.slice(1).replace(/-/g, ' ')}`;
}
