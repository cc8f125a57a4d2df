import { client, unwrap, type ReportsSummary } from '@pod/shared-contracts';

/** The dashboard's figures (royalties, units, next payout, books in progress, recent orders): GET /reports/summary. */
export async function getReportsSummary(): Promise<ReportsSummary> {
  return unwrap(await client.GET('/reports/summary'));
}
