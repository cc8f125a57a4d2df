import { sql, type Kysely } from 'kysely';
import type { BookMiscData, BookRow, Database, NewBookRow, StoredBookFile } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    bookRepository: BookRepository;
  }
}

/** A book record with whether it has sales and orders (the detail panel's tabs). */
export type BookWithActivity = BookRow & { has_sales: boolean; has_orders: boolean };

/** Outcome of a guarded state change: done, no such record of this user, or not allowed now. */
export type GuardedChange = 'done' | 'not-found' | 'not-allowed';

/** A title as the duplicate check compares it: trimmed, lower-case (SQL lower(btrim(...))). */
export const normalTitle = (title: string) => title.trim().toLowerCase();

/** One (region, title) of a user's library, as titlesTaken reports it. */
export const titleKey = (title: string, isInternational: boolean) =>
  `${isInternational ? 'international' : 'local'}:${normalTitle(title)}`;

export interface BookRepository {
  /** The user's records (both regions), newest first. */
  listByUser(userId: number): Promise<BookWithActivity[]>;
  /** The user's record `id`, optionally only in one region; undefined for another user's id. */
  findOwned(userId: number, id: number, isInternational?: boolean): Promise<BookWithActivity | undefined>;
  /** The other region's record of the same upload. */
  findPartner(book: Pick<BookRow, 'id' | 'pair_id'>): Promise<BookRow | undefined>;
  /** misc.archived = true, only when neither archived nor paid (one conditional UPDATE). */
  archive(userId: number, id: number, isInternational: boolean): Promise<GuardedChange>;
  /** Deletes the record, only when archived and not paid (one conditional DELETE). */
  deleteArchived(userId: number, id: number, isInternational: boolean): Promise<GuardedChange>;
  /** Whether the user has a record in that region with this title (trimmed, case-insensitive). */
  titleExists(userId: number, title: string, isInternational: boolean): Promise<boolean>;
  /**
   * Which of `titles` the user already has, as `titleKey`s (region + trimmed lower-case title):
   * the bulk batch's duplicate check in one statement.
   */
  titlesTaken(userId: number, titles: string[]): Promise<Set<string>>;
  insertMany(rows: NewBookRow[]): Promise<BookRow[]>;
  countByUser(userId: number): Promise<number>;
  /** Whether any book record (any user's) carries this ISBN. */
  isbnInUse(isbn: string): Promise<boolean>;
  /** Serialises concurrent claims of one ISBN until the transaction ends (check, then insert). */
  lockIsbn(isbn: string): Promise<void>;
  /** Serialises concurrent writers of one user's library until the transaction ends. */
  lockUser(userId: number): Promise<void>;
  /**
   * Marks the user's listed records paid: isPaid, paidAt, and a status still 'quote' becomes
   * 'pending' (the book enters proofing). Archived records are left alone. Returns how many changed.
   */
  markPaid(userId: number, ids: number[], at: Date): Promise<number>;
  /** The user's records of one upload, locked until the transaction ends (FOR UPDATE, in id order). */
  lockPair(userId: number, pairId: string): Promise<BookRow[]>;
  /**
   * Moves the records of an upload from `fromStage` to the state in `change` (misc merged, contract
   * and files replaced), only those still at `fromStage` and not archived; answers how many moved.
   */
  advanceStage(
    userId: number,
    pairId: string,
    fromStage: string,
    change: { misc: Record<string, unknown>; contract?: Record<string, unknown>; files?: StoredBookFile[] },
  ): Promise<number>;
  /**
   * Stores what a files submission decided for one record of the user: `misc` merged into
   * books.misc, `files` replacing books.files, `thumbnail` replacing books.thumbnail when given.
   */
  saveSubmission(
    userId: number,
    id: number,
    change: { misc: Record<string, unknown>; files: StoredBookFile[]; thumbnail?: string },
  ): Promise<void>;
  /** Merges `contract` into the records' stored contract details (e.g. the appendix's signing). */
  mergeContract(userId: number, pairId: string, contract: Record<string, unknown>): Promise<void>;
  /** Any user's record by id (the admin console; services use findOwned). */
  findById(id: number): Promise<BookRow | undefined>;
  /** Merges `misc` into one record's misc (the admin console's status changes). */
  mergeMisc(id: number, misc: Record<string, unknown>): Promise<void>;
}

const flag = (key: keyof BookMiscData) => sql<boolean>`coalesce((misc->>${key})::boolean, false)`;

export function createBookRepository(db: Kysely<Database>): BookRepository {
  const withActivity = () =>
    db
      .selectFrom('books')
      .selectAll('books')
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('sales_summaries as s')
              .select('s.book_id')
              .whereRef('s.book_id', '=', 'books.id')
              .where('s.quantity', '>', 0),
          )
          .$castTo<boolean>()
          .as('has_sales'),
        eb
          .exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.book_id', '=', 'books.id'))
          .$castTo<boolean>()
          .as('has_orders'),
      ]);

  async function exists(userId: number, id: number, isInternational: boolean) {
    const row = await db
      .selectFrom('books')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('is_international', '=', isInternational)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async listByUser(userId) {
      return withActivity().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    async findOwned(userId, id, isInternational) {
      let query = withActivity().where('id', '=', id).where('user_id', '=', userId);
      if (isInternational !== undefined) query = query.where('is_international', '=', isInternational);
      return query.executeTakeFirst();
    },

    async findPartner(book) {
      return db
        .selectFrom('books')
        .selectAll()
        .where('pair_id', '=', book.pair_id)
        .where('id', '<>', book.id)
        .executeTakeFirst();
    },

    async archive(userId, id, isInternational) {
      const result = await db
        .updateTable('books')
        .set({ misc: sql<string>`misc || '{"archived": true}'::jsonb` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('is_international', '=', isInternational)
        .where(flag('archived'), '=', false)
        .where(flag('isPaid'), '=', false)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) return 'done';
      return (await exists(userId, id, isInternational)) ? 'not-allowed' : 'not-found';
    },

    async deleteArchived(userId, id, isInternational) {
      const result = await db
        .deleteFrom('books')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('is_international', '=', isInternational)
        .where(flag('archived'), '=', true)
        .where(flag('isPaid'), '=', false)
        .executeTakeFirst();
      if (result.numDeletedRows > 0n) return 'done';
      return (await exists(userId, id, isInternational)) ? 'not-allowed' : 'not-found';
    },

    async titleExists(userId, title, isInternational) {
      const row = await db
        .selectFrom('books')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_international', '=', isInternational)
        .where((eb) => eb(eb.fn('lower', [eb.fn('btrim', ['book_title'])]), '=', normalTitle(title)))
        .executeTakeFirst();
      return row !== undefined;
    },

    async titlesTaken(userId, titles) {
      const wanted = [...new Set(titles.map(normalTitle))];
      if (wanted.length === 0) return new Set();
      const rows = await db
        .selectFrom('books')
        .select(['book_title', 'is_international'])
        .where('user_id', '=', userId)
        .where((eb) => eb(eb.fn('lower', [eb.fn('btrim', ['book_title'])]), '=', eb.fn.any(eb.val(wanted))))
        .execute();
      return new Set(rows.map((row) => titleKey(row.book_title, row.is_international)));
    },

    async insertMany(rows) {
      if (rows.length === 0) return [];
      return db.insertInto('books').values(rows).returningAll().execute();
    },

    async countByUser(userId) {
      const row = await db
        .selectFrom('books')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async markPaid(userId, ids, at) {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('books')
        .set({
          misc: sql<string>`misc || jsonb_build_object(
            'isPaid', true,
            'paidAt', ${at.toISOString()}::text,
            'status', CASE WHEN coalesce(btrim(misc->>'status'), '') IN ('', 'quote') THEN 'pending' ELSE misc->>'status' END)`,
        })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where(flag('archived'), '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async lockPair(userId, pairId) {
      return db
        .selectFrom('books')
        .selectAll()
        .where('user_id', '=', userId)
        .where('pair_id', '=', pairId)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async advanceStage(userId, pairId, fromStage, change) {
      const result = await db
        .updateTable('books')
        .set({
          misc: sql<string>`misc || ${JSON.stringify(change.misc)}::jsonb`,
          ...(change.contract && { contract: JSON.stringify(change.contract) }),
          ...(change.files && { files: JSON.stringify(change.files) }),
        })
        .where('user_id', '=', userId)
        .where('pair_id', '=', pairId)
        .where(sql`misc->>'bookStage'`, '=', fromStage)
        .where(flag('archived'), '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async saveSubmission(userId, id, change) {
      await db
        .updateTable('books')
        .set({
          misc: sql<string>`misc || ${JSON.stringify(change.misc)}::jsonb`,
          files: JSON.stringify(change.files),
          ...(change.thumbnail !== undefined && { thumbnail: change.thumbnail }),
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    },

    async mergeContract(userId, pairId, contract) {
      await db
        .updateTable('books')
        .set({ contract: sql<string>`coalesce(contract, '{}'::jsonb) || ${JSON.stringify(contract)}::jsonb` })
        .where('user_id', '=', userId)
        .where('pair_id', '=', pairId)
        .execute();
    },

    async findById(id) {
      return db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async mergeMisc(id, misc) {
      await db
        .updateTable('books')
        .set({ misc: sql<string>`misc || ${JSON.stringify(misc)}::jsonb` })
        .where('id', '=', id)
        .execute();
    },

    async isbnInUse(isbn) {
      const row = await db.selectFrom('books').select('id').where('isbn', '=', isbn).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async lockIsbn(isbn) {
      // Namespace 2027 (lockUser uses 2026); hashtext maps the ISBN onto the lock's int4 key.
      await sql`SELECT pg_advisory_xact_lock(2027, hashtext(${isbn}))`.execute(db);
    },

    async lockUser(userId) {
      // Arbitrary namespace (2026) so this lock cannot collide with the migration lock.
      await sql`SELECT pg_advisory_xact_lock(2026, ${userId})`.execute(db);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('bookRepository', createBookRepository(app.db));
  },
  { name: 'book-repository', dependencies: ['db'] },
);
