import type { Kysely } from 'kysely';
import type { CartItemRow, CartServiceData, Database } from '../external/db-schema.js';
import { definePlugin } from '../define-plugin.js';

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

/** The cart (minimal for the library issue; the checkout issue adds pricing and payment). */
export interface CartRepository {
  listByUser(userId: number): Promise<CartItemRow[]>;
  add(item: NewCartItem): Promise<CartItemRow>;
  /**
   * Takes one book record out of the user's cart: its side of the pair becomes null, and an
   * item left without any book is removed. Returns how many items changed.
   */
  removeBook(userId: number, bookId: number): Promise<number>;
}

export function createCartRepository(db: Kysely<Database>): CartRepository {
  return {
    async listByUser(userId) {
      return db.selectFrom('cart_items').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    },

    async add(item) {
      return db
        .insertInto('cart_items')
        .values({
          user_id: item.userId,
          book_id: item.bookId,
          international_book_id: item.internationalBookId,
          misc: JSON.stringify(item.services),
          ...(item.createdAt && { created_at: item.createdAt }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
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

export default definePlugin(
  async (app) => {
    app.decorate('cartRepository', createCartRepository(app.db));
  },
  { name: 'cart-repository', dependencies: ['db'] },
);
