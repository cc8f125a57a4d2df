import type { FastifyInstance } from 'fastify';
import {
  MAX_RANGE_DAYS,
  parseDate,
  sastMidnight,
  type DayNumber,
  type Granularity,
} from '../../domain/report-periods.js';
import { HttpProblem } from '../../errors.js';
import type { OwnedBook, ReportFilter } from '../../plugins/app/report-repository.js';
import { bookNotFound } from '../books.js';
import { isStoredId } from '../link-tokens.js';

/** The 400 messages of the report calls (portal.yaml, GET /reports/sales). */
export const REPORT_MESSAGES = {
  invalidFrom: "'from' must be a real date (YYYY-MM-DD)",
  invalidTo: "'to' must be a real date (YYYY-MM-DD)",
  missingRange: "'from' and 'to' are required for this report",
  toBeforeFrom: "'to' must not be before 'from'",
  rangeTooLong: `The range may span at most ${MAX_RANGE_DAYS} days (three years)`,
  tooManyBooks: 'Compare at most 10 books',
  repeatedBook: 'bookIds names a book more than once',
  tooManyLines: 'The export has more than 100000 lines; choose a shorter range',
} as const;

export const MAX_COMPARED_BOOKS = 10;

const invalid = (message: string) => new HttpProblem(400, message, 'VALIDATION');

/** What the report query strings share (portal.yaml parameters Report*, Export*). */
export interface ReportQuery {
  from?: string | undefined;
  to?: string | undefined;
  granularity?: Granularity | undefined;
  bookIds?: string | undefined;
  channel?: string | undefined;
  region?: 'local' | 'international' | undefined;
}

/** A validated inclusive SAST range. */
export interface DayRange {
  from: DayNumber;
  to: DayNumber;
}

function day(text: string, message: string): DayNumber {
  const parsed = parseDate(text);
  if (parsed === undefined) throw invalid(message);
  return parsed;
}

/** from..to checked: real dates, in order, at most MAX_RANGE_DAYS apart. */
export function dayRange(from: string, to: string): DayRange {
  const range = { from: day(from, REPORT_MESSAGES.invalidFrom), to: day(to, REPORT_MESSAGES.invalidTo) };
  if (range.to < range.from) throw invalid(REPORT_MESSAGES.toBeforeFrom);
  if (range.to - range.from > MAX_RANGE_DAYS) throw invalid(REPORT_MESSAGES.rangeTooLong);
  return range;
}

/** An optional range (exports of orders and transactions): either end may be open. */
export function openRange(from: string | undefined, to: string | undefined): Partial<DayRange> {
  const range = {
    from: from === undefined ? undefined : day(from, REPORT_MESSAGES.invalidFrom),
    to: to === undefined ? undefined : day(to, REPORT_MESSAGES.invalidTo),
  };
  if (range.from !== undefined && range.to !== undefined) {
    if (range.to < range.from) throw invalid(REPORT_MESSAGES.toBeforeFrom);
  }
  return range;
}

/** The comma-separated ids: at most 10, none twice (the pattern has already checked the digits). */
export function parseBookIds(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const ids = text.split(',').map(Number);
  if (ids.length > MAX_COMPARED_BOOKS) throw invalid(REPORT_MESSAGES.tooManyBooks);
  if (new Set(ids).size !== ids.length) throw invalid(REPORT_MESSAGES.repeatedBook);
  return ids;
}

/**
 * The books `ids` name, all of them the user's: one that is not (another user's or none) answers
 * 404 'Book not found', as every book call does, so a report cannot probe ids.
 */
export async function ownedBooks(app: FastifyInstance, userId: number, ids: readonly number[]): Promise<OwnedBook[]> {
  // An id past int4 names no record: not found, like any other (never sent to the database).
  if (!ids.every(isStoredId)) throw bookNotFound();
  const books = await app.reportRepository.ownedBooks(userId, ids);
  if (books.length !== ids.length) throw bookNotFound();
  return ids.map((id) => books.find((book) => book.id === id)!);
}

const OPEN_START = new Date('1970-01-01T00:00:00Z');
const OPEN_END = new Date('9999-01-01T00:00:00Z');

/** The repository filter of a validated query (the range's instants are SAST midnights). */
export function toFilter(
  userId: number,
  range: Partial<DayRange>,
  query: ReportQuery,
  bookIds: readonly number[] | undefined,
): ReportFilter {
  return {
    userId,
    // Open ends as dates PostgreSQL and the driver both write plainly (not JS's year 275760).
    from: range.from === undefined ? OPEN_START : sastMidnight(range.from),
    until: range.to === undefined ? OPEN_END : sastMidnight(range.to + 1),
    bookIds,
    channel: query.channel,
    isInternational: query.region === undefined ? undefined : query.region === 'international',
  };
}
