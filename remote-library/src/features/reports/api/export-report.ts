import { client } from '@pod/shared-contracts';
import { saveDownload } from '../../../lib/save-download';
import type { ReportQuery } from '../report-query';

/** What GET /reports/export/{kind} exports. */
export type ExportKind = 'orders' | 'sales' | 'transactions';

/**
 * Downloads the CSV of `kind` with the screen's filters (GET /reports/export/{kind}) through
 * the shared client, saved under the server's file name. Resolves to that name; throws ApiError.
 */
export async function exportReport(kind: ExportKind, query: ReportQuery): Promise<string> {
  const result = await client.GET('/reports/export/{kind}', {
    params: { path: { kind }, query },
    parseAs: 'blob',
  });
  return saveDownload(result, `${kind}-${query.from}-to-${query.to}.csv`);
}
