import { client, unwrap, type SalesReport } from '@pod/shared-contracts';

/**
 * One book's sales per month over `from`..`to`: GET /reports/sales with that book alone and its
 * region (local and international records are numbered apart). Throws ApiError.
 */
export async function getBookSalesReport(
  id: number,
  region: 'local' | 'international',
  range: { from: string; to: string },
): Promise<SalesReport> {
  return unwrap(
    await client.GET('/reports/sales', {
      params: { query: { ...range, granularity: 'month', bookIds: String(id), region } },
    }),
  );
}
