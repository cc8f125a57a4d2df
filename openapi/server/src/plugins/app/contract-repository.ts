import { sql, type Kysely } from 'kysely';
import type { ContractDocumentRow, ContractRenewalRow, Database } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    contractRepository: ContractRepository;
  }
}

/** Signatures and signed contract documents (migration 009). */
export interface ContractRepository {
  /** Stores the user's drawn signature, replacing a previous one. */
  saveSignature(userId: number, dataUrl: string, at: Date): Promise<void>;
  findSignature(userId: number): Promise<string | undefined>;
  /** The current signed contract of an upload (its records share `pairId`); superseded ones are kept apart. */
  findDocument(pairId: string): Promise<ContractDocumentRow | undefined>;
  findDocumentById(id: number): Promise<ContractDocumentRow | undefined>;
  /** The size in bytes of the upload's current stored contract, or null when none is stored (read in the database). */
  documentSize(pairId: string): Promise<number | null>;
  /** Stores the signed contract; the unique pair id refuses a second one (unique_violation). */
  insertDocument(document: { userId: number; pairId: string; pdf: Uint8Array; signedAt: Date }): Promise<number>;
  /** Replaces the PDF with the one carrying the appendix, only while no appendix is signed; false otherwise. */
  addAppendix(id: number, pdf: Uint8Array, signedAt: Date): Promise<boolean>;
  /** Marks the upload's current document superseded (a re-signed contract replaces it); kept as signed. */
  supersedeDocument(pairId: string, at: Date): Promise<void>;
  /**
   * Opens a renewal for every upload of the user with a signed contract that is not cancelled
   * and has none open yet (an approved update request: every contract must be re-signed).
   * Answers how many were opened.
   */
  requestRenewals(userId: number, at: Date): Promise<number>;
  /** The user's open renewals, oldest first. */
  openRenewals(userId: number): Promise<ContractRenewalRow[]>;
  /** The open renewal of one upload of the user, locked until the transaction ends. */
  lockOpenRenewal(userId: number, pairId: string): Promise<ContractRenewalRow | undefined>;
  /** Closes a renewal with its new document (null: nothing left to sign), only while open; false otherwise. */
  completeRenewal(id: number, documentId: number | null, at: Date): Promise<boolean>;
}

export function createContractRepository(db: Kysely<Database>): ContractRepository {
  return {
    async saveSignature(userId, dataUrl, at) {
      await db
        .insertInto('user_signatures')
        .values({ user_id: userId, data_url: dataUrl, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ data_url: dataUrl, updated_at: at }))
        .execute();
    },

    async findSignature(userId) {
      const row = await db
        .selectFrom('user_signatures')
        .select('data_url')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.data_url;
    },

    async findDocument(pairId) {
      return db
        .selectFrom('contract_documents')
        .selectAll()
        .where('pair_id', '=', pairId)
        .where('superseded_at', 'is', null)
        .executeTakeFirst();
    },

    async documentSize(pairId) {
      const row = await db
        .selectFrom('contract_documents')
        .select(sql<number>`octet_length(pdf)`.as('size'))
        .where('pair_id', '=', pairId)
        .where('superseded_at', 'is', null)
        .executeTakeFirst();
      return row ? Number(row.size) : null;
    },

    async findDocumentById(id) {
      return db.selectFrom('contract_documents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertDocument({ userId, pairId, pdf, signedAt }) {
      const row = await db
        .insertInto('contract_documents')
        .values({ user_id: userId, pair_id: pairId, pdf, signed_at: signedAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async addAppendix(id, pdf, signedAt) {
      const result = await db
        .updateTable('contract_documents')
        .set({ pdf, appendix_signed_at: signedAt })
        .where('id', '=', id)
        .where('appendix_signed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async supersedeDocument(pairId, at) {
      await db
        .updateTable('contract_documents')
        .set({ superseded_at: at })
        .where('pair_id', '=', pairId)
        .where('superseded_at', 'is', null)
        .execute();
    },

    async requestRenewals(userId, at) {
      // A signed contract: status set and past quote, signed details stored (books.ts hasContract); not cancelled.
      const result = await db
        .insertInto('contract_renewals')
        .columns(['user_id', 'pair_id', 'requested_at'])
        .expression((eb) =>
          eb
            .selectFrom('books as b')
            .select(['b.user_id', 'b.pair_id', sql<Date>`${at}::timestamptz`.as('requested_at')])
            .distinct()
            .where('b.user_id', '=', userId)
            .where('b.contract', 'is not', null)
            .where(sql<string>`coalesce(btrim(b.misc->>'status'), '')`, 'not in', ['', 'quote'])
            .where(sql<boolean>`coalesce((b.misc->>'archived')::boolean, false)`, '=', false)
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('contract_renewals as r')
                    .select('r.id')
                    .whereRef('r.pair_id', '=', 'b.pair_id')
                    .where('r.resigned_at', 'is', null),
                ),
              ),
            ),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    async openRenewals(userId) {
      return db
        .selectFrom('contract_renewals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('resigned_at', 'is', null)
        .orderBy('requested_at')
        .orderBy('id')
        .execute();
    },

    async lockOpenRenewal(userId, pairId) {
      return db
        .selectFrom('contract_renewals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('pair_id', '=', pairId)
        .where('resigned_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
    },

    async completeRenewal(id, documentId, at) {
      const result = await db
        .updateTable('contract_renewals')
        .set({ resigned_at: at, document_id: documentId })
        .where('id', '=', id)
        .where('resigned_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('contractRepository', createContractRepository(app.db));
  },
  { name: 'contract-repository', dependencies: ['db'] },
);
