import { client } from '@pod/shared-contracts';
import { saveDownload } from '../../../lib/save-download';

/**
 * Downloads one period's statement as PDF or CSV (GET /reports/statements/{period}?format=)
 * through the shared client, saved under the server's file name. Throws ApiError.
 */
export async function downloadStatement(period: string, format: 'pdf' | 'csv'): Promise<string> {
  const result = await client.GET('/reports/statements/{period}', {
    params: { path: { period }, query: { format } },
    parseAs: 'blob',
  });
  return saveDownload(result, `statement-${period}.${format}`);
}
