import { readDraft, writeDraft } from './draft-storage';
import { isStage, type Stage } from './stages';

/** The draft field of the completed stages list (calc_completedSteps). */
export const COMPLETED_FIELD = 'completedSteps';
/** The draft field of the upload type; 'raw' makes the stage count 10. */
export const UPLOAD_TYPE_FIELD = 'rawOrPdf';

/** The stages completed so far, from the draft; anything unreadable counts as none. */
export function readCompletedStages(): Stage[] {
  const stored = readDraft<unknown>(COMPLETED_FIELD, []);
  return Array.isArray(stored)
    ? stored.filter((value): value is Stage => typeof value === 'string' && isStage(value))
    : [];
}

/** Adds a stage to the completed list (once). */
export function markStageCompleted(stage: Stage): void {
  const completed = readCompletedStages();
  if (!completed.includes(stage)) writeDraft(COMPLETED_FIELD, [...completed, stage]);
}

/** True when the draft's upload type is raw (docx). */
export function isRawUpload(): boolean {
  return readDraft<unknown>(UPLOAD_TYPE_FIELD, null) === 'raw';
}
