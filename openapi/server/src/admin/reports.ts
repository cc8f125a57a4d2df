import { errorRate, formatRate } from '../domain/canary-guard.js';
import { hourOf } from '../domain/remote-events.js';
import { createRemoteEventRepository } from '../plugins/app/remote-event-repository.js';
import { AdminError, type AdminContext } from './context.js';

/**
 * What a command prints when it has its own layout (a table): `text` normally, `data` with
 * --json. The command line (command-line.ts) prints other results generically.
 */
export class PrintedReport<T = unknown> {
  constructor(
    readonly data: T,
    readonly text: string,
  ) {}
}

/** One remote version on one channel in `report remotes`. */
export interface RemoteVersionLine {
  remote: string;
  version: string;
  channel: string;
  loads: number;
  loadFailures: number;
  renderErrors: number;
  /** (load failures + render errors) / (loads + load failures), at most 1: the canary guard's rate. */
  errorRate: number;
}

export interface RemotesReport {
  environment: string;
  /** The first hour counted (UTC, ISO 8601). */
  since: string;
  versions: RemoteVersionLine[];
}

const ENVIRONMENT = /^[a-z0-9][a-z0-9_-]*$/i;
const DURATION = /^(\d{1,4})([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Counters are kept 30 days (REMOTE_EVENT_RETENTION_DAYS); a year is the longest range asked for. */
const MAX_RANGE_MS = 366 * 86_400_000;

/** `--since`: a duration back from now (`90m`, `24h`, `7d`) or an ISO 8601 date; AdminError otherwise. */
export function sinceArgument(value: string, now: Date): Date {
  const trimmed = value.trim();
  const duration = DURATION.exec(trimmed);
  const at = duration
    ? new Date(now.getTime() - Number(duration[1]) * UNIT_MS[duration[2] as keyof typeof UNIT_MS])
    : /^\d{4}-\d{2}-\d{2}/.test(trimmed)
      ? new Date(trimmed)
      : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) {
    throw new AdminError(
      `--since must be a duration such as 30m, 24h or 7d, or a date such as 2026-03-01, got ${JSON.stringify(value)}`,
    );
  }
  if (now.getTime() - at.getTime() > MAX_RANGE_MS) throw new AdminError('--since may reach back one year at most');
  return at;
}

const COLUMNS = ['remote', 'version', 'channel', 'loads', 'load failures', 'render errors', 'error rate'] as const;

/** The report as a table: text columns left-aligned, figures right-aligned. */
function reportTable(report: RemotesReport): string {
  const heading = `Front-end loads and errors in ${report.environment} since ${report.since} (hourly counts, UTC)`;
  if (report.versions.length === 0) return `${heading}\n\nNo front-end events were reported in that time.`;
  const rows = report.versions.map((line) => [
    line.remote,
    line.version,
    line.channel,
    String(line.loads),
    String(line.loadFailures),
    String(line.renderErrors),
    formatRate(line.errorRate),
  ]);
  const widths = COLUMNS.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [heading, '', format(COLUMNS), ...rows.map(format)].join('\n');
}

/** `report remotes`: error rates per remote version, from the counters of POST /monitoring/remote-events. */
export function createReportCommands(context: AdminContext) {
  return {
    /**
     * Loads, load failures, render errors and the error rate of each remote version (and channel)
     * reported in `environment` since `since` (default 24h). Not audited: counts of no one.
     */
    async reportRemotes(environment: string, since = '24h'): Promise<PrintedReport<RemotesReport>> {
      if (!ENVIRONMENT.test(environment)) {
        throw new AdminError(
          `--env must be letters, digits, "-" and "_" (e.g. staging), got ${JSON.stringify(environment)}`,
        );
      }
      // Counters are hourly: from the start of the hour that holds `since`.
      const from = hourOf(sinceArgument(since, context.now()));
      const totals = await createRemoteEventRepository(context.db).versions(environment, from);
      const report: RemotesReport = {
        environment,
        since: from.toISOString(),
        versions: totals.map((line) => ({
          ...line,
          errorRate:
            Math.round(
              errorRate({
                version: line.version,
                loads: line.loads + line.loadFailures,
                failures: line.loadFailures + line.renderErrors,
              }) * 10_000,
            ) / 10_000,
        })),
      };
      return new PrintedReport(report, reportTable(report));
    },
  };
}
