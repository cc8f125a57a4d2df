import type { FastifyInstance, RouteOptions } from 'fastify';
import { SUPPORT_EMAIL } from '@pod/shared-contracts/constants';
import type { AppConfig } from '../../config.js';
import { appendPdf, renderAppendixPdf } from '../../domain/contract-appendix-pdf.js';
import { renderContractPdf } from '../../domain/contract-pdf.js';
import { maskedBank, mergeDetails, payoutDetailsFailure, savedDetails } from '../../domain/payout-details.js';
import { isSignatureImage } from '../../domain/signature-image.js';
import { HttpProblem } from '../../errors.js';
import { CONTRACT_MAIL_JOB, createContractMailJob } from '../../jobs/contract-mail.js';
import type { TransactionalRepositories } from '../../plugins/app/unit-of-work.js';
import { isUniqueViolation } from '../../plugins/app/user-repository.js';
import type { BookContractData, BookRow, UserRow } from '../../plugins/external/db-schema.js';
import { createContractDocuments, regionFigures } from '../contract-documents.js';
import type { OperationRequest, ServiceHandlers } from '../types.js';
import {
  APPENDIX_ALREADY_SIGNED_MESSAGE,
  assertContractSigned,
  assertSignable,
  CONTRACT_ALREADY_SIGNED_MESSAGE,
  QUOTE_STAGE,
  resolveUpload,
  SIGNED_STAGE,
} from './contract-books.js';

/** Spec section 8: the missing-sign-data modal (signature, initials or signed place missing or unusable). */
export const SIGN_DATA_MISSING_MESSAGE =
  'Before proceeding we need you to enter your location and your signature or initials.';
/** Not in the specification (the pad always produces a PNG); see the server README. */
export const SIGNATURE_INVALID_MESSAGE = 'Please draw your signature again: it must be a PNG image of at most 1 MB.';
export const SUCCESSFUL = 'Successful';

/**
 * Bodies carrying data URLs (a signature, initials: up to 2,000,000 characters each in
 * portal.yaml) need more than the global 1 MiB body limit.
 */
export const contractRouteOptions: Record<string, Partial<RouteOptions>> = {
  saveUserSignature: { bodyLimit: 2_200_000 },
  uploadSignature: { bodyLimit: 4_500_000 },
  uploadSignatureAppendix: { bodyLimit: 4_500_000 },
  submitContract: { bodyLimit: 4_500_000 },
  submitContractAppendix: { bodyLimit: 4_500_000 },
};

type SignedContractBody = OperationRequest<'uploadSignature'>['body'];

const fullName = (user: UserRow) => `${user.name_first} ${user.name_last}`.trim();
const authorsOf = (authors: SignedContractBody['authors']) =>
  (Array.isArray(authors) ? authors.join(', ') : (authors ?? '')).trim();
const pdfName = (title: string) => `contract-${title.replace(/[^\w-]+/g, '-').slice(0, 60)}.pdf`;

/**
 * The contract operations of the wizard: the unsigned contract (viewContract), the stored
 * signature, the first signing (uploadSignature, submitContract) and the appendix
 * (uploadSignatureAppendix, submitContractAppendix). Decisions: server README, "Contracts".
 */
export function createContractService(app: FastifyInstance, config: AppConfig) {
  const { userRepository, contractRepository, unitOfWork } = app;
  const documents = createContractDocuments(app);
  app.jobs.define(
    CONTRACT_MAIL_JOB,
    createContractMailJob({
      users: userRepository,
      books: app.bookRepository,
      contracts: contractRepository,
      mailer: app.mailer,
      config,
      log: app.log.child({ job: CONTRACT_MAIL_JOB }),
    }),
  );

  /** Signature (the sent one, else the one saved by saveusersignature), initials and place, or 400. */
  async function signData(userId: number, body: SignedContractBody) {
    const signature = body.filedata.trim() !== '' ? body.filedata : await contractRepository.findSignature(userId);
    const place = body.signed_place.trim();
    if (!isSignatureImage(signature) || !isSignatureImage(body.initial_base64) || place === '') {
      throw new HttpProblem(400, SIGN_DATA_MISSING_MESSAGE, 'VALIDATION');
    }
    return { signature, initials: body.initial_base64, place };
  }

  async function enqueueMail(repos: TransactionalRepositories, payload: Record<string, unknown>) {
    await repos.jobs.enqueue({
      type: CONTRACT_MAIL_JOB,
      payload,
      maxAttempts: app.jobs.maxAttemptsOf(CONTRACT_MAIL_JOB),
      runAt: config.now(),
    });
  }

  /** First pass: validate, sign, store, move getquote -> signedcontract, mail; all or nothing. */
  async function signContract(request: OperationRequest<'uploadSignature'>) {
    const { userId, body } = request;
    const { pairId, named } = await resolveUpload(app, userId, body);
    assertSignable(named); // early answer; checked again under the lock below

    const user = await userRepository.findById(userId);
    if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
    const preview = mergeDetails(user.misc, body);
    const failure = payoutDetailsFailure(preview.details);
    if (failure) throw new HttpProblem(400, failure, 'VALIDATION');
    const sign = await signData(userId, body);

    const now = config.now();
    try {
      await unitOfWork.run(async (repos) => {
        // Row locks: a parallel signing of the same upload waits here, then sees the new stage.
        const records = await repos.books.lockPair(userId, pairId);
        assertSignable(records);
        const locked = await repos.users.findForUpdate(userId);
        if (!locked) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
        const { details, misc } = mergeDetails(locked.misc, body);
        const failureNow = payoutDetailsFailure(details);
        if (failureNow) throw new HttpProblem(400, failureNow, 'VALIDATION');

        const book = records[0]!;
        const author = authorsOf(body.authors) || fullName(locked);
        const signedBy = body.print_name?.trim() || fullName(locked);
        const pdf = await renderContractPdf({
          bookTitle: book.book_title,
          formatType: book.format_type,
          isbn: book.isbn,
          author,
          publisher: details.publisher.publish_name,
          email: details.publisher.email,
          ...regionFigures(records),
          signedBy,
          signedPlace: sign.place,
          signedAt: now,
          signature: sign.signature,
          initials: sign.initials,
          supportEmail: SUPPORT_EMAIL,
          publisherDetails: details.publisher,
          bankDetails: maskedBank(details.bank),
        });
        const documentId = await repos.contracts.insertDocument({ userId, pairId, pdf, signedAt: now });
        const contract: BookContractData = {
          signed_at: now.toISOString(),
          print_name: signedBy,
          signed_place: sign.place,
          publish_name: details.publisher.publish_name,
          email: details.publisher.email,
          authors: author,
          is_self_publisher: body.is_self_publisher === true,
          contributors: body.contributors ?? [],
          signature: null,
          initials: null,
        };
        const audioFiles =
          book.format_type === 'audiobook' && body.audio_files?.length ? { audioFiles: body.audio_files } : {};
        const moved = await repos.books.advanceStage(userId, pairId, QUOTE_STAGE, {
          misc: { bookStage: SIGNED_STAGE, status: 'pending', contractSignedAt: now.toISOString(), ...audioFiles },
          contract,
          files: [{ filename: pdfName(book.book_title), title: 'Contract', kind: 'contract' }],
        });
        if (moved !== records.length) throw new HttpProblem(409, CONTRACT_ALREADY_SIGNED_MESSAGE);
        await repos.users.updateMisc(userId, misc);
        await enqueueMail(repos, { documentId, kind: 'contract', bookId: book.id });
      });
    } catch (err) {
      // The pair's unique document is the last word should two signings get past the locks.
      if (isUniqueViolation(err)) throw new HttpProblem(409, CONTRACT_ALREADY_SIGNED_MESSAGE);
      throw err;
    }
    app.jobs.wake();
    return { statusCode: 0, description: SUCCESSFUL };
  }

  /** Second pass: the appendix appended to the signed contract, mailed again. */
  async function signAppendix(request: OperationRequest<'uploadSignatureAppendix'>) {
    const { userId, body } = request;
    const { pairId, named } = await resolveUpload(app, userId, body);
    assertContractSigned(named);
    const sign = await signData(userId, body);
    const user = await userRepository.findById(userId);
    if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');

    const now = config.now();
    await unitOfWork.run(async (repos) => {
      const records = await repos.books.lockPair(userId, pairId);
      assertContractSigned(records);
      const book = records[0]!;
      const appendix = await renderAppendixPdf({
        bookTitle: book.book_title,
        formatType: book.format_type,
        signedBy: body.print_name?.trim() || book.contract?.print_name || fullName(user),
        signedPlace: sign.place,
        signedAt: now,
        signature: sign.signature,
        initials: sign.initials,
        supportEmail: SUPPORT_EMAIL,
      });
      const stored = await repos.contracts.findDocument(pairId);
      const base = stored?.pdf ?? (await documents.signedPdf(userId, book, records[1], repos));
      const pdf = await appendPdf(base, appendix, now);
      let documentId: number;
      if (stored) {
        if (!(await repos.contracts.addAppendix(stored.id, pdf, now))) {
          throw new HttpProblem(409, APPENDIX_ALREADY_SIGNED_MESSAGE);
        }
        documentId = stored.id;
      } else {
        // Signed before documents were stored (the demo library): the document starts here.
        const signedAt = book.contract ? new Date(book.contract.signed_at) : now;
        documentId = await repos.contracts.insertDocument({ userId, pairId, pdf, signedAt });
        await repos.contracts.addAppendix(documentId, pdf, now);
      }
      await repos.books.mergeContract(userId, pairId, {
        appendix_signed_at: now.toISOString(),
        appendix_signed_place: sign.place,
      });
      await enqueueMail(repos, { documentId, kind: 'appendix', bookId: book.id });
    });
    app.jobs.wake();
    return { statusCode: 0, description: SUCCESSFUL };
  }

  return {
    /** The unsigned contract of the terms view, filled with the saved details and the book's. */
    async viewContract(request, reply) {
      const { userId, query } = request;
      const user = await userRepository.findById(userId);
      if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
      let records: BookRow[] = [];
      if (query.local_bookId || query.international_bookId) {
        const { named } = await resolveUpload(app, userId, query);
        const partner = named.length === 1 ? await app.bookRepository.findPartner(named[0]!) : undefined;
        records = [...named, ...(partner ? [partner] : [])];
      }
      const book = records[0];
      const saved = savedDetails(user.misc);
      const pdf = await renderContractPdf({
        bookTitle: book?.book_title ?? 'The book of this upload',
        formatType: book?.format_type ?? 'print',
        isbn: book?.isbn ?? null,
        author: fullName(user),
        publisher: saved.publisher.publish_name || fullName(user),
        email: saved.publisher.email || user.email,
        ...regionFigures(records),
        signedBy: fullName(user),
        signedPlace: '',
        signedAt: config.now(),
        supportEmail: SUPPORT_EMAIL,
        publisherDetails: saved.publisher,
        bankDetails: maskedBank(saved.bank),
        draft: true,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdfName(book?.book_title ?? 'draft')}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },

    async saveUserSignature(request) {
      if (!isSignatureImage(request.body.fileData, ['png'])) {
        throw new HttpProblem(400, SIGNATURE_INVALID_MESSAGE, 'VALIDATION');
      }
      await contractRepository.saveSignature(request.userId, request.body.fileData, config.now());
      return { statusCode: 0, description: SUCCESSFUL };
    },

    uploadSignature: signContract,
    submitContract: signContract,
    uploadSignatureAppendix: signAppendix,
    submitContractAppendix: signAppendix,
  } satisfies ServiceHandlers;
}
