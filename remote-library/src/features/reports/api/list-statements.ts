import { client, unwrap, type StatementSummary } from '@pod/shared-contracts';

/** The royalty statements, one per payout period, newest first: GET /reports/statements. */
export async function listStatements(): Promise<StatementSummary[]> {
  return unwrap(await client.GET('/reports/statements')).statements;
}
