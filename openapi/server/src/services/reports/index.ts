import type { FastifyInstance } from 'fastify';
import { renderStatementPdf } from '../../domain/statement-pdf.js';
import { toCsv } from '../../domain/csv.js';
import { formatCents } from '@pod/shared-contracts/money';
import type { ServiceHandlers } from '../types.js';
import { exportCsv } from './export.js';
import { salesReport } from './sales.js';
import { listStatements, statementOf, type Statement } from './statements.js';
import { reportsSummary } from './summary.js';

/** Personal figures: never kept by a browser or a shared cache. */
const PRIVATE = 'private, no-store';

function statementCsv(statement: Statement): string {
  const money = (cents: number) => ({ raw: formatCents(cents) });
  return toCsv(
    [
      'period',
      'book_id',
      'book_title',
      'region',
      'units',
      'returns',
      'revenue',
      'fees',
      'royalties',
      'currency',
      'status',
    ],
    [
      ...statement.lines.map((line) => [
        statement.period,
        line.book_id,
        line.book_title,
        line.region,
        line.units,
        line.returns,
        money(line.revenue_cents),
        money(line.fees_cents),
        money(line.royalties_cents),
        line.currency,
        '',
      ]),
      ...statement.totals.map((total) => [
        statement.period,
        null,
        'Total',
        null,
        total.units,
        total.returns,
        money(total.revenue_cents),
        money(total.fees_cents),
        money(total.royalties_cents),
        total.currency,
        total.status,
      ]),
    ],
  );
}

/**
 * Handlers of the reports tag (issue 17: author insights): the token's user's own figures only.
 * Every aggregation is SQL in plugins/app/report-repository.ts; decisions in portal.yaml and the
 * server README, "Reports".
 */
export function createReportsService(app: FastifyInstance) {
  return {
    async getSalesReport(request) {
      return salesReport(app, request.userId, request.query);
    },

    async getReportsSummary(request) {
      return reportsSummary(app, request.userId);
    },

    async listStatements(request) {
      return { statements: await listStatements(app, request.userId) };
    },

    async getStatement(request, reply) {
      const statement = await statementOf(app, request.userId, request.params.period);
      const format = request.query.format ?? 'json';
      reply.header('cache-control', PRIVATE);
      if (format === 'json') return statement;
      const attachment = `attachment; filename="statement-${statement.period}.${format}"`;
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment)
          .send(statementCsv(statement));
      }
      const user = await app.userRepository.findById(request.userId);
      const pdf = await renderStatementPdf({
        author: user ? `${user.name_first} ${user.name_last}`.trim() : '',
        period: statement.period,
        start: statement.start,
        end: statement.end,
        payoutDate: statement.payout_date,
        lines: statement.lines,
        totals: statement.totals,
        issued: app.config.now(),
      });
      return reply.type('application/pdf').header('content-disposition', attachment).send(Buffer.from(pdf));
    },

    async exportReport(request, reply) {
      const file = await exportCsv(app, request.userId, request.params.kind, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', PRIVATE)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  } satisfies ServiceHandlers;
}
