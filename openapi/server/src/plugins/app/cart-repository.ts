import type { Kysely } from 'kysely';
import type { CartItemRow, CartServiceData, Database } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    cartRepository: CartRepository;
  }
}

export interface NewCartItem {
  userId: number;
  bookId: number | null;
  internationalBookId: number | null;
  services: CartServiceData[];
  createdAt?: Date;
}

/** A cart item with the titles of its records (null when a record is gone). */
export interface CartItemWithBooks extends CartItemRow {
  local_book_name: string | null;
  international_book_name: string | null;
}

/** The user's cart: uploads waiting for payment. Prices are computed by the checkout service. */
export interface CartRepository {
  listByUser(userId: number): Promise<CartItemRow[]>;
  /** The items with their records' titles, oldest first. */
  listWithBooks(userId: number): Promise<CartItemWithBooks[]>;
  /** Like listWithBooks, and locks the items until the transaction ends (SELECT ... FOR UPDATE). */
  lockByUser(userId: number): Promise<CartItemWithBooks[]>;
  /** Removes the listed items of the user; returns how many were removed. */
  removeItems(userId: number, itemIds: number[]): Promise<number>;
  add(item: NewCartItem): Promise<CartItemRow>;
  /** Adds many items in one statement (the bulk batch); returns how many were added. */
  addMany(items: NewCartItem[]): Promise<number>;
  /** Replaces the services (misc) of the user's item `itemId`. */
  setServices(userId: number, itemId: number, services: CartServiceData[]): Promise<void>;
  /**
   * Takes one book record out of the user's cart: its side of the pair becomes null, and an
   * item left without any book is removed. Returns how many items changed.
   */
  removeBook(userId: number, bookId: number): Promise<number>;
}

const cartRow = (item: NewCartItem) => ({
  user_id: item.userId,
  book_id: item.bookId,
  international_book_id: item.internationalBookId,
  misc: JSON.stringify(item.services),
  ...(item.createdAt && { created_at: item.createdAt }),
});

export function createCartRepository(db: Kysely<Database>): CartRepository {
  async function withBooks(userId: number, lock: boolean): Promise<CartItemWithBooks[]> {
    let query = db
      .selectFrom('cart_items')
      .leftJoin('books as local', (join) =>
        join.onRef('local.id', '=', 'cart_items.book_id').on('local.user_id', '=', userId),
      )
      .leftJoin('books as international', (join) =>
        join
          .onRef('international.id', '=', 'cart_items.international_book_id')
          .on('international.user_id', '=', userId),
      )
      .selectAll('cart_items')
      .select(['local.book_title as local_book_name', 'international.book_title as international_book_name'])
      .where('cart_items.user_id', '=', userId)
      .orderBy('cart_items.created_at')
      .orderBy('cart_items.id');
    // FOR UPDATE OF: lock the cart rows only (the joined books may be null-extended).
    if (lock) query = query.forUpdate(['cart_items']);
    return query.execute();
  }

  return {
    async listByUser(userId) {
      return db
        .selectFrom('cart_items')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async listWithBooks(userId) {
      return withBooks(userId, false);
    },

    async lockByUser(userId) {
      return withBooks(userId, true);
    },

    async removeItems(userId, itemIds) {
      if (itemIds.length === 0) return 0;
      const result = await db
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where('id', 'in', itemIds)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async add(item) {
      return db.insertInto('cart_items').values(cartRow(item)).returningAll().executeTakeFirstOrThrow();
    },

    async addMany(items) {
      if (items.length === 0) return 0;
      const result = await db.insertInto('cart_items').values(items.map(cartRow)).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async setServices(userId, itemId, services) {
      await db
        .updateTable('cart_items')
        .set({ misc: JSON.stringify(services) })
        .where('user_id', '=', userId)
        .where('id', '=', itemId)
        .execute();
    },

    async removeBook(userId, bookId) {
      const local = await db
        .updateTable('cart_items')
        .set({ book_id: null })
        .where('user_id', '=', userId)
        .where('book_id', '=', bookId)
        .executeTakeFirst();
      const international = await db
        .updateTable('cart_items')
        .set({ international_book_id: null })
        .where('user_id', '=', userId)
        .where('international_book_id', '=', bookId)
        .executeTakeFirst();
      await db
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where('book_id', 'is', null)
        .where('international_book_id', 'is', null)
        .execute();
      return Number(local.numUpdatedRows + international.numUpdatedRows);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('cartRepository', createCartRepository(app.db));
  },
  { name: 'cart-repository', dependencies: ['db'] },
);
