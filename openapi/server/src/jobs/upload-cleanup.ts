import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { UploadRow } from '../plugins/external/db-schema.js';
import type { FileStore } from '../storage/file-store.js';
import type { JobHandler } from './queue.js';

export const UPLOAD_CLEANUP_JOB = 'upload-cleanup';

export interface UploadCleanupPayload extends Record<string, unknown> {
  uploadId: number;
}

export interface UploadCleanupDependencies {
  app: FastifyInstance;
  store: FileStore;
  config: AppConfig;
}

const abandonMs = (config: AppConfig) => config.uploads.abandonHours * 3_600_000;

/**
 * Removes one unfinished upload (its row, then its partial file) when it is still untouched
 * since `row.updated_at`; answers whether it did. A piece arriving meanwhile keeps the upload
 * (the delete is conditional on updated_at, and a piece holds the row lock while it appends).
 */
async function removeIfUntouched({ app, store }: UploadCleanupDependencies, row: UploadRow): Promise<boolean> {
  const key = await app.uploadRepository.deleteIfUntouched(row.id, row.updated_at);
  if (key === undefined) return false;
  await store.remove(key);
  return true;
}

/**
 * Every partial upload untouched for UPLOAD_ABANDON_HOURS (config.uploads.abandonHours):
 * removed, row and file; answers how many. Complete files are never touched here.
 */
export async function removeAbandonedUploads(deps: UploadCleanupDependencies): Promise<number> {
  const before = new Date(deps.config.now().getTime() - abandonMs(deps.config));
  let removed = 0;
  for (;;) {
    const rows = await deps.app.uploadRepository.listUnfinishedBefore(before, 100);
    let removedNow = 0;
    for (const row of rows) if (await removeIfUntouched(deps, row)) removedNow += 1;
    removed += removedNow;
    if (rows.length < 100 || removedNow === 0) return removed;
  }
}

/**
 * The job each new upload arms: at the time it would count as abandoned it removes it if it is,
 * waits again (from the last piece) if pieces came meanwhile, and ends once the upload is
 * complete or gone.
 */
export function createUploadCleanupJob(deps: UploadCleanupDependencies): JobHandler<UploadCleanupPayload> {
  return {
    maxAttempts: 5,
    async run({ uploadId }) {
      const row = await deps.app.uploadRepository.findById(uploadId);
      if (!row || row.completed_at !== null) return;
      const due = row.updated_at.getTime() + abandonMs(deps.config);
      if (due <= deps.config.now().getTime()) {
        if (await removeIfUntouched(deps, row)) return;
      }
      const again = await deps.app.uploadRepository.findById(uploadId);
      if (!again || again.completed_at !== null) return;
      await deps.app.jobs.enqueue(
        UPLOAD_CLEANUP_JOB,
        { uploadId },
        { runAt: new Date(again.updated_at.getTime() + abandonMs(deps.config)) },
      );
    },
  };
}
