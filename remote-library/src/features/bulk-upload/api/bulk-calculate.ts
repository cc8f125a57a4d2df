import { client, unwrap, type components } from '@pod/shared-contracts';
import type { BulkCsvRow } from '../csv-rows';

/** What the bulk calculation answers (portal.yaml BulkCalculateResult). */
export type BulkCalculateResult = components['schemas']['BulkCalculateResult'];

/** One row's outcome in a batch (portal.yaml BulkRowOutcome). */
export type BulkRowOutcome = components['schemas']['BulkRowOutcome'];

/** Rows per POST /user/bulkcalculate/batch (the server takes up to 100). */
export const BATCH_SIZE = 100;

/**
 * POST /user/bulkcalculate with `{ row, is_bulk: true }`: prices the row and saves it as a
 * quote (book records plus a cart item). Throws ApiError: 409 code DUPLICATE_UPLOAD when the
 * user already has the book, 400 for a row without a title or with invalid values.
 */
export async function bulkCalculate(row: BulkCsvRow): Promise<BulkCalculateResult> {
  return unwrap(await client.POST('/user/bulkcalculate', { body: { row, is_bulk: true } }));
}

/**
 * POST /user/bulkcalculate/batch with `{ rows, is_bulk: true }`: prices up to BATCH_SIZE rows
 * and saves the good ones as quotes, one outcome per row in order (saved, duplicate, invalid).
 * Throws ApiError when the call as a whole is refused (a row breaking the schema).
 */
export async function bulkCalculateBatch(rows: BulkCsvRow[]): Promise<BulkRowOutcome[]> {
  return unwrap(await client.POST('/user/bulkcalculate/batch', { body: { rows, is_bulk: true } })).results;
}

/** The two calls the bulk page prices with (tests pass their own). */
export interface BulkCalculator {
  batch: typeof bulkCalculateBatch;
  single: typeof bulkCalculate;
}

export const bulkCalculator: BulkCalculator = { batch: bulkCalculateBatch, single: bulkCalculate };
