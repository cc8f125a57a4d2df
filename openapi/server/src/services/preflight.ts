import type { FastifyInstance } from 'fastify';
import {
  blockingMessages,
  preflightResult,
  type PreflightAnalysis,
  type PreflightExpectations,
} from '../domain/preflight/index.js';
import { HttpProblem } from '../errors.js';
import type { BookRow } from '../plugins/external/db-schema.js';
import { PdfWorkError, type PdfWork } from './pdf-work.js';
import type { ServiceHandlers } from './types.js';
import { resolveUpload, type BookPair } from './wizard/contract-books.js';

/** Bumped whenever the checks change: analyses kept by an older checker are redone. */
export const PREFLIGHT_CHECKER_VERSION = 1;

export const PREFLIGHT_FILE_NOT_FOUND_MESSAGE = 'No such book file: upload it first, then check it.';
export const PREFLIGHT_FAILED_MESSAGE = 'The book file could not be checked just now: please try again in a minute.';

/**
 * The seam POST /user/uploadbook calls before it accepts a book file: the messages of the
 * file's blocking problems, in report order (empty when nothing blocks or the file is not a
 * print book's PDF). Throws the same 404 as POST /user/preflight when the file is not a complete
 * upload of this user for these books.
 */
export type PreflightBlockers = (userId: number, pair: BookPair, bookFilename: string) => Promise<string[]>;

type Outcome = { checked: false } | { checked: true; analysis: PreflightAnalysis; expectations: PreflightExpectations };

/** The trim size (mm) and page count the quote stored for a print book. */
export function quoteExpectations(book: BookRow): PreflightExpectations | null {
  const options = (book.misc.options ?? {}) as Record<string, unknown>;
  const width = Number(options.width);
  const height = Number(options.height);
  if (!(width > 0) || !(height > 0)) return null;
  return { pages: book.no_of_pages ?? null, trimWidthMm: width, trimHeightMm: height };
}

const isPdf = (filename: string) => filename.toLowerCase().endsWith('.pdf');

/**
 * POST /user/preflight and the uploadbook seam. Decisions: server README, "Preflight". The
 * analysis runs in a worker thread (`work`) and is kept on the upload's row (migration 011),
 * keyed by the file's name, the quote's page count and trim size, and the checker's version.
 */
export function createPreflightService(app: FastifyInstance, work: PdfWork) {
  const { uploadRepository, fileStore } = app;

  async function outcome(userId: number, pair: BookPair, filename: string): Promise<Outcome> {
    const { pairId, named } = await resolveUpload(app, userId, pair);
    const upload = await uploadRepository.findCompleted(userId, pairId, filename);
    if (!upload) throw new HttpProblem(404, PREFLIGHT_FILE_NOT_FOUND_MESSAGE);
    const book = named.find((record) => !record.is_international) ?? named[0]!;
    if (book.format_type !== 'print' || upload.kind !== 'book' || !isPdf(filename)) return { checked: false };
    const expectations = quoteExpectations(book);
    // A print quote always stores its trim size; without one there is nothing to check against.
    if (!expectations) return { checked: false };

    const key = `${filename}|${expectations.pages ?? '-'}|${expectations.trimWidthMm}x${expectations.trimHeightMm}`;
    const kept = upload.preflight;
    if (kept && kept.version === PREFLIGHT_CHECKER_VERSION && kept.key === key) {
      return { checked: true, analysis: kept.analysis, expectations };
    }
    const bytes = await fileStore.readAll(filename);
    if (!bytes) throw new HttpProblem(404, PREFLIGHT_FILE_NOT_FOUND_MESSAGE);
    let analysis: PreflightAnalysis;
    try {
      analysis = await work.analyse(bytes, expectations);
    } catch (error) {
      // Out of time or memory, or the server closing: nothing is kept, the next call tries again.
      if (error instanceof PdfWorkError) {
        app.log.warn({ err: error, filename, reason: error.reason }, 'preflight could not run');
        throw new HttpProblem(500, PREFLIGHT_FAILED_MESSAGE);
      }
      throw error;
    }
    await uploadRepository.savePreflight(upload.id, { version: PREFLIGHT_CHECKER_VERSION, key, analysis });
    return { checked: true, analysis, expectations };
  }

  const preflightBlockers: PreflightBlockers = async (userId, pair, bookFilename) => {
    const result = await outcome(userId, pair, bookFilename);
    if (!result.checked) return [];
    // Only warnings depend on the bleed choice: any value gives the same blocking problems.
    return blockingMessages(preflightResult(result.analysis, { ...result.expectations, bleedingNeeded: true }));
  };

  const handlers = {
    async preflightBook(request) {
      const { local_bookId, international_bookId, bleeding_needed, book } = request.body;
      const result = await outcome(request.userId, { local_bookId, international_bookId }, book);
      if (!result.checked) return { statusCode: 0, checked: false, pages: null, problems: [] };
      const report = preflightResult(result.analysis, {
        ...result.expectations,
        bleedingNeeded: bleeding_needed === true,
      });
      return { statusCode: 0, checked: true, pages: report.pages, problems: report.problems };
    },
  } satisfies ServiceHandlers;

  return { handlers, preflightBlockers };
}
