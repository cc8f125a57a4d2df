import { client, unwrap, type SalesReport } from '@pod/shared-contracts';
import type { ReportQuery } from '../report-query';

/** Sales, returns and royalties per period and book: GET /reports/sales. Throws ApiError. */
export async function getSalesReport(query: ReportQuery): Promise<SalesReport> {
  return unwrap(await client.GET('/reports/sales', { params: { query } }));
}
