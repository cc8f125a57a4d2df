import type { FastifyInstance } from 'fastify';
import { SUPPORT_EMAIL } from '@pod/shared-contracts/constants';
import { renderContractPdf } from '../domain/contract-pdf.js';
import type { ContractRepository } from '../plugins/app/contract-repository.js';
import type { UserRepository } from '../plugins/app/user-repository.js';
import type { BookRow } from '../plugins/external/db-schema.js';

const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

/** The regions of an upload as the contract prints them (price and royalty per copy). */
export function regionFigures(records: readonly BookRow[]) {
  const local = records.find((record) => !record.is_international);
  const international = records.find((record) => record.is_international);
  return {
    local: local && { price: toNumber(local.local_price), royalty: toNumber(local.local_royalty) },
    international: international && {
      price: toNumber(international.international_price),
      royalty: toNumber(international.international_royalty),
    },
  };
}

/**
 * The signed contract of an upload: the PDF stored when it was signed (contract_documents), or,
 * for contracts signed before documents were stored (the demo library), one rendered from the
 * signed details kept on the book record.
 */
export function createContractDocuments(app: FastifyInstance) {
  const defaults = { users: app.userRepository, contracts: app.contractRepository };
  return {
    /** `repos`: the transaction's repositories when called inside one (PGlite has one connection). */
    async signedPdf(
      userId: number,
      book: BookRow,
      partner: BookRow | undefined,
      repos: { users: UserRepository; contracts: ContractRepository } = defaults,
    ): Promise<Uint8Array> {
      const stored = await repos.contracts.findDocument(book.pair_id);
      if (stored) return stored.pdf;
      const user = await repos.users.findById(userId);
      const contract = book.contract!;
      const author = user ? `${user.name_first} ${user.name_last}`.trim() : contract.print_name;
      return renderContractPdf({
        bookTitle: book.book_title,
        formatType: book.format_type,
        isbn: book.isbn,
        author: contract.authors || author,
        publisher: contract.publish_name || author,
        email: contract.email || user?.email || '',
        ...regionFigures([book, ...(partner ? [partner] : [])]),
        signedBy: contract.print_name || author,
        signedPlace: contract.signed_place,
        signedAt: new Date(contract.signed_at),
        signature: contract.signature ?? null,
        initials: contract.initials ?? null,
        supportEmail: SUPPORT_EMAIL,
      });
    },
  };
}
