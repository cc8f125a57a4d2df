import { sql, type Kysely } from 'kysely';
import type { ContractDocumentRow, Database } from '../external/db-schema.js';
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
  /** The signed contract of an upload (its records share `pairId`). */
  findDocument(pairId: string): Promise<ContractDocumentRow | undefined>;
  findDocumentById(id: number): Promise<ContractDocumentRow | undefined>;
  /** The size in bytes of the upload's stored contract, or null when none is stored (read in the database). */
  documentSize(pairId: string): Promise<number | null>;
  /** Stores the signed contract; the unique pair id refuses a second one (unique_violation). */
  insertDocument(document: { userId: number; pairId: string; pdf: Uint8Array; signedAt: Date }): Promise<number>;
  /** Replaces the PDF with the one carrying the appendix, only while no appendix is signed; false otherwise. */
  addAppendix(id: number, pdf: Uint8Array, signedAt: Date): Promise<boolean>;
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
      return db.selectFrom('contract_documents').selectAll().where('pair_id', '=', pairId).executeTakeFirst();
    },

    async documentSize(pairId) {
      const row = await db
        .selectFrom('contract_documents')
        .select(sql<number>`octet_length(pdf)`.as('size'))
        .where('pair_id', '=', pairId)
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
  };
}

export default fp(
  async (app) => {
    app.decorate('contractRepository', createContractRepository(app.db));
  },
  { name: 'contract-repository', dependencies: ['db'] },
);
