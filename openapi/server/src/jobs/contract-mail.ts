import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { BookRepository } from '../plugins/app/book-repository.js';
import type { ContractRepository } from '../plugins/app/contract-repository.js';
import type { UserRepository } from '../plugins/app/user-repository.js';
import type { Mailer } from '../plugins/external/mail.js';
import { contractMail } from '../services/emails.js';
import type { JobHandler } from './queue.js';

export const CONTRACT_MAIL_JOB = 'contract-mail';

export interface ContractMailPayload extends Record<string, unknown> {
  /** contract_documents.id */
  documentId: number;
  /** The first signing, the appendix (the document then holds both), or a re-signed contract. */
  kind: 'contract' | 'appendix' | 'renewal';
  /** The record the library link opens. */
  bookId: number;
}

export interface ContractMailDependencies {
  users: UserRepository;
  books: BookRepository;
  contracts: ContractRepository;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * Mails the signed contract PDF (attached) after the signing committed. A job, not a dispatch:
 * the mail is not lost when SMTP is down (retried), and the signing's answer does not wait for it.
 * It reads the stored document, so a retry sends the same PDF.
 */
export function createContractMailJob(deps: ContractMailDependencies): JobHandler<ContractMailPayload> {
  return {
    maxAttempts: 8,
    async run({ documentId, kind, bookId }) {
      const document = await deps.contracts.findDocumentById(documentId);
      if (!document) return; // the user or the books were deleted since
      const user = await deps.users.findById(document.user_id);
      const book = await deps.books.findOwned(document.user_id, bookId);
      if (!user || !book) return;
      const region = book.is_international ? 'international' : 'local';
      const slug = book.book_title.replace(/[^\w-]+/g, '-').slice(0, 60);
      await deps.mailer.send(
        contractMail({
          to: user.email,
          firstName: user.name_first,
          bookTitle: book.book_title,
          kind,
          libraryUrl: `${deps.config.publicUrl}/books/${region}/${book.id}`,
          pdf: document.pdf,
          filename: `contract-${slug}.pdf`,
        }),
      );
      deps.log.info({ userId: user.id, documentId, kind }, 'signed contract mailed');
    },
  };
}
