import type { FastifyInstance } from 'fastify';
import { toPriceConfig } from '@pod/shared-contracts/pricing';
import type { AppConfig } from '../../config.js';
import {
  acceptedFiles,
  bookFileChanged,
  choicesFailure,
  isApproved,
  mergeFiles,
  planCharges,
  requestedServices,
  stageClosedMessage,
  SUBMIT_OPERATION,
  wrongOperationMessage,
  type SubmissionChoices,
  type SubmitOperation,
} from '../../domain/book-submission.js';
import { HttpProblem } from '../../errors.js';
import type { BookRow, FormatType } from '../../plugins/external/db-schema.js';
import type { OperationRequest, RequestBody, ServiceHandlers } from '../types.js';
import {
  assertUploadable,
  BOOK_STAGES,
  QUOTE_STAGE,
  resolveUpload,
  SIGNED_STAGE,
  stageOf,
  UPLOADED_STAGE,
} from '../wizard/contract-books.js';
import { createSubmissionFiles } from './files.js';
import { checkedMetadata } from './metadata.js';

export { FILE_NOT_FOUND_MESSAGE } from './files.js';

/** The upload whose print PDF is checked: its pair and its records' ids (null for a missing region). */
export interface PreflightPair {
  pairId: string;
  local: number | null;
  international: number | null;
}

/**
 * The seam for the print-PDF preflight: the messages of the blocking problems of a print book's
 * PDF (stored as `bookFilename`), first one first; empty when the file may be accepted. The
 * default finds none; the real preflight (POST /user/preflight) is wired in here.
 */
export type PreflightBlockers = (userId: number, pair: PreflightPair, bookFilename: string) => Promise<string[]>;

export interface BookSubmissionOptions {
  preflightBlockers?: PreflightBlockers;
}

const noBlockers: PreflightBlockers = async () => [];

/** The stages that take files: the first submission, and every later one (re-upload, revision). */
const FILE_STAGES: readonly string[] = BOOK_STAGES.filter((stage) => stage !== QUOTE_STAGE);

type Body = RequestBody<'uploadBook'>;

const blankToNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

function choicesOf(body: Body): SubmissionChoices {
  return {
    uploadType: body.upload_type ?? 'pdf',
    coverNeeded: body.cover_needed === true,
    thumbnailNeeded: body.thumbnail_needed === true,
    formattingNeeded: body.formatting_needed === true,
    bleedingNeeded: body.bleeding_needed === true,
    conversionNeeded: body.conversion_needed === true,
    heavyGraphics: body.heavy_graphics === true,
    cover: blankToNull(body.cover),
    thumbnail: blankToNull(body.thumbnail),
    book: blankToNull(body.book),
    audioFiles: (body.audio_files ?? []).map((name) => name.trim()).filter((name) => name !== ''),
  };
}

/**
 * 409 unless the upload may take files through `operation` now: not cancelled, contract signed
 * (stage signedcontract, or a later stage: a re-upload, or a revision after approval), and the
 * operation of the book's format.
 */
function assertSubmittable(records: readonly BookRow[], operation: SubmitOperation): FormatType {
  assertUploadable(records);
  const closed = records.find((book) => !FILE_STAGES.includes(stageOf(book)));
  if (closed) throw new HttpProblem(409, stageClosedMessage(stageOf(closed)));
  const format = records[0]!.format_type;
  if (SUBMIT_OPERATION[format].operationId !== operation) throw new HttpProblem(409, wrongOperationMessage(format));
  return format;
}

/**
 * Whether a voice artist records the audiobook: misc.options.recording_needed of the quote
 * (stored since this operation exists); for older quotes, whether a voice artist was chosen,
 * which the wizard sends only when a recording is ordered.
 */
function recordingOrdered(book: BookRow): boolean {
  const options = (book.misc.options ?? {}) as Record<string, unknown>;
  if (typeof options.recording_needed === 'boolean') return options.recording_needed;
  return options.voiceover_id !== null && options.voiceover_id !== undefined && String(options.voiceover_id) !== '';
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/**
 * POST /user/uploadbook, /user/uploadbookebook and /user/uploadbookaudio: the files, services
 * and Additional Details of a signed book. Decisions: portal.yaml uploadBook, server README
 * ("Book files").
 */
export function createBookSubmissionService(
  app: FastifyInstance,
  config: AppConfig,
  options: BookSubmissionOptions = {},
) {
  const { unitOfWork, referenceDataRepository } = app;
  const files = createSubmissionFiles(app);
  const preflightBlockers = options.preflightBlockers ?? noBlockers;

  async function submit(operation: SubmitOperation, request: OperationRequest<'uploadBook'>) {
    const { userId, body } = request;
    // Whose (404), then when and which operation (409), then what was sent (400, 404 per file).
    const { pairId, named } = await resolveUpload(app, userId, body);
    const format = assertSubmittable(named, operation);
    const choices = choicesOf(body);
    const failure = choicesFailure(format, choices, recordingOrdered(named[0]!));
    if (failure) throw new HttpProblem(400, failure, 'VALIDATION');
    await files.checkAll(userId, pairId, format, choices);
    const metaDataInfo = checkedMetadata(format, body);
    if (format === 'print' && choices.book && choices.uploadType === 'pdf') {
      // Both records, also when the request named one.
      const partner = named.length === 1 ? await app.bookRepository.findPartner(named[0]!) : undefined;
      const records = [...named, ...(partner ? [partner] : [])];
      const pair = {
        pairId,
        local: records.find((book) => !book.is_international)?.id ?? null,
        international: records.find((book) => book.is_international)?.id ?? null,
      };
      const [blocker] = await preflightBlockers(userId, pair, choices.book);
      if (blocker !== undefined) throw new HttpProblem(409, blocker, 'PREFLIGHT');
    }
    const prices = toPriceConfig(await referenceDataRepository.priceConfig());
    const accepted = acceptedFiles(choices);
    const now = config.now();

    await unitOfWork.run(async (repos) => {
      // The user's row first, as the checkout takes it, so a payment running at the same time
      // waits instead of deadlocking; a parallel submission of the same upload waits here and
      // then sees what this one stored.
      await repos.users.findForUpdate(userId);
      const records = await repos.books.lockPair(userId, pairId);
      assertSubmittable(records, operation);
      const first = records[0]!;
      const approved = records.some((book) => isApproved(book.misc.status));
      const revision = approved && bookFileChanged(first.files, accepted);

      const ids = records.map((book) => book.id);
      const item = (await repos.cart.lockByUser(userId)).find(
        (entry) =>
          (entry.book_id !== null && ids.includes(entry.book_id)) ||
          (entry.international_book_id !== null && ids.includes(entry.international_book_id)),
      );
      const plan = planCharges({
        item: item?.misc ?? null,
        charged: stringList(first.misc.chargedServices),
        conversionRequested: format === 'ebook' && choices.conversionNeeded,
        revision,
        prices,
      });
      if (item && plan.itemServices) await repos.cart.setServices(userId, item.id, plan.itemServices);
      if (!item && plan.newItem) {
        await repos.cart.add({
          userId,
          bookId: records.find((book) => !book.is_international)?.id ?? null,
          internationalBookId: records.find((book) => book.is_international)?.id ?? null,
          services: plan.newItem,
          createdAt: now,
        });
      }

      for (const book of records) {
        await repos.books.saveSubmission(userId, book.id, {
          misc: {
            bookStage: stageOf(book) === SIGNED_STAGE ? UPLOADED_STAGE : stageOf(book),
            // New files go (back) to proofing; an approved book keeps its status during a revision.
            status: approved ? book.misc.status : 'pending',
            metaDataInfo,
            ...(format === 'print' && { uploadType: choices.uploadType }),
            requestedServices: requestedServices(format, choices),
            chargedServices: plan.charged,
            filesSubmittedAt: now.toISOString(),
            ...(revision && { revisionSubmittedAt: now.toISOString() }),
          },
          files: mergeFiles(book.files, accepted),
          ...(choices.thumbnail && { thumbnail: choices.thumbnail }),
        });
      }
    });
    return { statusCode: 0, description: 'Successful' };
  }

  return {
    uploadBook: (request) => submit('uploadBook', request),
    uploadBookEbook: (request) => submit('uploadBookEbook', request),
    uploadBookAudio: (request) => submit('uploadBookAudio', request),
  } satisfies ServiceHandlers;
}
