import type { Insertable, Kysely, Updateable } from 'kysely';
import fp from 'fastify-plugin';
import type { Database, UploadKind, UploadRow, UploadsTable } from '../external/db-schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploadRepository: UploadRepository;
  }
}

/** What names one upload: the user, the upload's pair of records, the kind, the file's name and size. */
export interface UploadIdentity {
  userId: number;
  pairId: string;
  kind: UploadKind;
  name: string;
  size: number;
}

export interface UploadRepository {
  /** Stores a new upload unless one with this identity exists; answers the new id, if stored. */
  insertIfMissing(row: Insertable<UploadsTable>): Promise<number | undefined>;
  /** The upload of this identity, its row locked until the transaction ends (use inside one). */
  lock(identity: UploadIdentity): Promise<UploadRow | undefined>;
  findById(id: number): Promise<UploadRow | undefined>;
  /** The user's complete upload of this pair stored under `finalFilename`, if any. */
  findCompleted(userId: number, pairId: string, finalFilename: string): Promise<UploadRow | undefined>;
  update(id: number, changes: Updateable<UploadsTable>): Promise<void>;
  /** Unfinished uploads last touched before `before`, oldest first. */
  listUnfinishedBefore(before: Date, limit: number): Promise<UploadRow[]>;
  /**
   * Deletes the upload when it is still unfinished and untouched since `updatedAt` (a piece that
   * arrived meanwhile keeps it); answers its storage key when deleted.
   */
  deleteIfUntouched(id: number, updatedAt: Date): Promise<string | undefined>;
}

export function createUploadRepository(db: Kysely<Database>): UploadRepository {
  return {
    async insertIfMissing(row) {
      const inserted = await db
        .insertInto('uploads')
        .values(row)
        .onConflict((oc) => oc.constraint('uploads_identity_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    async lock({ userId, pairId, kind, name, size }) {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('user_id', '=', userId)
        .where('pair_id', '=', pairId)
        .where('kind', '=', kind)
        .where('name', '=', name)
        .where('size', '=', size)
        .forUpdate()
        .executeTakeFirst();
    },

    async findById(id) {
      return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findCompleted(userId, pairId, finalFilename) {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('user_id', '=', userId)
        .where('pair_id', '=', pairId)
        .where('final_filename', '=', finalFilename)
        .where('completed_at', 'is not', null)
        .executeTakeFirst();
    },

    async update(id, changes) {
      await db.updateTable('uploads').set(changes).where('id', '=', id).execute();
    },

    async listUnfinishedBefore(before, limit) {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('completed_at', 'is', null)
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
    },

    async deleteIfUntouched(id, updatedAt) {
      const deleted = await db
        .deleteFrom('uploads')
        .where('id', '=', id)
        .where('completed_at', 'is', null)
        .where('updated_at', '=', updatedAt)
        .returning('storage_key')
        .executeTakeFirst();
      return deleted?.storage_key;
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('uploadRepository', createUploadRepository(app.db));
  },
  { name: 'upload-repository', dependencies: ['db'] },
);
