import type { Kysely } from 'kysely';
import type { ChatMessageRow, ChatSource, Database } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    chatRepository: ChatRepository;
  }
}

export interface NewChatMessage {
  userId: number;
  source: ChatSource;
  message: string;
  imageName?: string | null;
  author?: string | null;
  at: Date;
}

/** The support chat (migration 012): one conversation per user. */
export interface ChatRepository {
  add(message: NewChatMessage): Promise<ChatMessageRow>;
  /** The user's messages, oldest first; `limit` keeps the newest ones. */
  listByUser(userId: number, limit?: number): Promise<ChatMessageRow[]>;
  /** Whether the user's chat has a `system` message of this text at or after `since`. */
  hasSystemMessageSince(userId: number, message: string, since: Date): Promise<boolean>;
  /** The user's message carrying the image of this name (undefined for another user's image). */
  findImage(userId: number, imageName: string): Promise<ChatMessageRow | undefined>;
  /** Serialises one user's senders until the transaction ends (one out-of-office reply per period). */
  lockUser(userId: number): Promise<void>;
}

export function createChatRepository(db: Kysely<Database>): ChatRepository {
  return {
    async add({ userId, source, message, imageName, author, at }) {
      return db
        .insertInto('chat_messages')
        .values({
          user_id: userId,
          source,
          message,
          image_name: imageName ?? null,
          author: author ?? null,
          created_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async listByUser(userId, limit) {
      if (limit === undefined) {
        return db
          .selectFrom('chat_messages')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
      }
      const newest = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return newest.reverse();
    },

    async hasSystemMessageSince(userId, message, since) {
      const row = await db
        .selectFrom('chat_messages')
        .select('id')
        .where('user_id', '=', userId)
        .where('source', '=', 'system')
        .where('message', '=', message)
        .where('created_at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findImage(userId, imageName) {
      return db
        .selectFrom('chat_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('image_name', '=', imageName)
        .executeTakeFirst();
    },

    async lockUser(userId) {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('chatRepository', createChatRepository(app.db));
  },
  { name: 'chat-repository', dependencies: ['db'] },
);
