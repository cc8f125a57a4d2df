import type { FastifyInstance, RouteOptions } from 'fastify';
import { SUPPORT_EMAIL } from '@pod/shared-contracts/constants';
import type { AppConfig } from '../config.js';
import { renderContractPdf } from '../domain/contract-pdf.js';
import { maskedBank, savedDetails } from '../domain/payout-details.js';
import { isSignatureImage } from '../domain/signature-image.js';
import { HttpProblem } from '../errors.js';
import { CONTRACT_MAIL_JOB } from '../jobs/contract-mail.js';
import type { BookRow, ContractRenewalRow, UserRow } from '../plugins/external/db-schema.js';
import { bookNotFound } from './books.js';
import { regionFigures } from './contract-documents.js';
import { isStoredId } from './link-tokens.js';
import type { ServiceHandlers } from './types.js';

/** Spec section 8: the re-sign page's failure alert (also the answer to missing sign data, portal.yaml ResignBody). */
export const RESIGN_FAILED_MESSAGE = 'Failed to re-sign contract';
export const NOTHING_TO_RESIGN_MESSAGE = 'There is no contract to re-sign for this book.';
/** Spec section 8: the success alert, {title} the book's title. */
export const resignedDescription = (title: string) => `Contract for book ${title} re-signed successfully.`;

/** Signature and initials images: up to 2,000,000 characters each in portal.yaml. */
export const renewalRouteOptions: Record<string, Partial<RouteOptions>> = {
  resignContract: { bodyLimit: 4_500_000 },
};

const fullName = (user: UserRow) => `${user.name_first} ${user.name_last}`.trim();
const live = (records: readonly BookRow[]) => records.filter((book) => book.misc.archived !== true);
/** The record a renewal is listed by: the upload's local record when it has one. */
const listedRecord = (records: readonly BookRow[]) => records.find((book) => !book.is_international) ?? records[0];

/**
 * Contract re-signing (spec section 4: "if approved, all existing contracts must be re-signed"):
 * an admin's approval of an update request opens one renewal per signed upload and sets
 * user_status 2 (src/admin/); GET /user/booksrenewal lists them with the new contract to preview;
 * PUT /user/resign/{a}/{b} signs one, storing and mailing a new contract document the way the
 * first signing does; the last one sets user_status back to 1.
 */
export function createRenewalService(app: FastifyInstance, config: AppConfig) {
  const { userRepository, bookRepository, contractRepository, unitOfWork } = app;

  /** The contract with the account's current details, as the preview (draft) or signed. */
  function contractPdf(
    user: UserRow,
    records: readonly BookRow[],
    sign?: { signature: string; initials: string; place: string; at: Date },
  ) {
    const book = listedRecord(records)!;
    const details = savedDetails(user.misc);
    const signedBy = book.contract?.print_name || fullName(user);
    return renderContractPdf({
      bookTitle: book.book_title,
      formatType: book.format_type,
      isbn: book.isbn,
      author: book.contract?.authors || fullName(user),
      publisher: details.publisher.publish_name || book.contract?.publish_name || fullName(user),
      email: details.publisher.email || book.contract?.email || user.email,
      ...regionFigures(records),
      signedBy,
      signedPlace: sign?.place ?? '',
      signedAt: sign?.at ?? config.now(),
      signature: sign?.signature ?? null,
      initials: sign?.initials ?? null,
      supportEmail: SUPPORT_EMAIL,
      publisherDetails: details.publisher,
      bankDetails: maskedBank(details.bank),
      draft: sign === undefined,
    });
  }

  /** user_status 2 -> 1 once nothing is left to re-sign (never touches 0 or 1). */
  async function settleStatus(userId: number, open: readonly ContractRenewalRow[]) {
    if (open.length === 0) await userRepository.moveStatus(userId, 2, 1);
  }

  return {
    async getBooksRenewal(request) {
      const userId = request.userId;
      const user = await userRepository.findById(userId);
      if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
      const byPair = new Map<string, BookRow[]>();
      for (const book of await bookRepository.listByUser(userId)) {
        byPair.set(book.pair_id, [...(byPair.get(book.pair_id) ?? []), book]);
      }
      const open: ContractRenewalRow[] = [];
      for (const renewal of await contractRepository.openRenewals(userId)) {
        // An upload cancelled or deleted since the approval has nothing left to sign.
        if (live(byPair.get(renewal.pair_id) ?? []).length === 0) {
          await contractRepository.completeRenewal(renewal.id, null, config.now());
        } else {
          open.push(renewal);
        }
      }
      await settleStatus(userId, open);
      const results = [];
      // In the order the uploads were made (their records' ids).
      const uploads = open
        .map((renewal) => live(byPair.get(renewal.pair_id)!))
        .sort((x, y) => Math.min(...x.map((b) => b.id)) - Math.min(...y.map((b) => b.id)));
      for (const records of uploads) {
        const book = listedRecord(records)!;
        results.push({
          id: book.id,
          book_title: book.book_title,
          format_type: book.format_type,
          is_international: (book.is_international ? 1 : 0) as 0 | 1,
          contract: Buffer.from(await contractPdf(user, records)).toString('base64'),
        });
      }
      return { statusCode: 0, results };
    },

    /** Re-signs the upload of record `a` (either region record of it; `b` its region). */
    async resignContract(request) {
      const { userId, body } = request;
      const { a, b } = request.params;
      const book = isStoredId(a) ? await bookRepository.findOwned(userId, a, b === 1) : undefined;
      if (!book) throw bookNotFound();
      const openRenewal = (await contractRepository.openRenewals(userId)).some((r) => r.pair_id === book.pair_id);
      if (!openRenewal || book.misc.archived === true) throw new HttpProblem(404, NOTHING_TO_RESIGN_MESSAGE);
      const place = body.signedPlace.trim();
      if (!isSignatureImage(body.filedata) || !isSignatureImage(body.initial_base64) || place === '') {
        throw new HttpProblem(400, RESIGN_FAILED_MESSAGE, 'VALIDATION');
      }

      const now = config.now();
      await unitOfWork.run(async (repos) => {
        // The renewal's row lock: a parallel re-signing of the same upload waits, then finds it closed.
        const renewal = await repos.contracts.lockOpenRenewal(userId, book.pair_id);
        if (!renewal) throw new HttpProblem(404, NOTHING_TO_RESIGN_MESSAGE);
        const records = live(await repos.books.lockPair(userId, book.pair_id));
        if (records.length === 0) throw new HttpProblem(404, NOTHING_TO_RESIGN_MESSAGE);
        const user = await repos.users.findForUpdate(userId);
        if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
        const pdf = await contractPdf(user, records, {
          signature: body.filedata,
          initials: body.initial_base64,
          place,
          at: now,
        });
        await repos.contracts.supersedeDocument(book.pair_id, now);
        const documentId = await repos.contracts.insertDocument({ userId, pairId: book.pair_id, pdf, signedAt: now });
        await repos.contracts.completeRenewal(renewal.id, documentId, now);
        const details = savedDetails(user.misc);
        await repos.books.mergeContract(userId, book.pair_id, {
          signed_at: now.toISOString(),
          signed_place: place,
          resigned_at: now.toISOString(),
          ...(details.publisher.publish_name && { publish_name: details.publisher.publish_name }),
          ...(details.publisher.email && { email: details.publisher.email }),
        });
        await repos.jobs.enqueue({
          type: CONTRACT_MAIL_JOB,
          payload: { documentId, kind: 'renewal', bookId: book.id },
          maxAttempts: app.jobs.maxAttemptsOf(CONTRACT_MAIL_JOB),
          runAt: now,
        });
        if ((await repos.contracts.openRenewals(userId)).length === 0) await repos.users.moveStatus(userId, 2, 1);
      });
      app.jobs.wake();
      request.log.info({ userId, bookId: book.id }, 'contract re-signed');
      return { statusCode: 0, description: resignedDescription(book.book_title) };
    },
  } satisfies ServiceHandlers;
}
