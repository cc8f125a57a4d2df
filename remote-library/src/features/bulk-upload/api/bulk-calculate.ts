import { client, unwrap, type components } from '@pod/shared-contracts';
import type { BulkCsvRow } from '../csv-rows';

/** What the bulk calculation answers (portal.yaml BulkCalculateResult). */
export type BulkCalculateResult = components['schemas']['BulkCalculateResult'];

/**
 * POST /user/bulkcalculate with `{ row, is_bulk: true }`: prices the row and saves it as a
 * quote (book records plus a cart item). Throws ApiError: 409 code DUPLICATE_UPLOAD when the
 * user already has the book, 400 for a row without a title or with invalid values.
 */
export async function bulkCalculate(row: BulkCsvRow): Promise<BulkCalculateResult> {
  return unwrap(await client.POST('/user/bulkcalculate', { body: { row, is_bulk: true } }));
}
