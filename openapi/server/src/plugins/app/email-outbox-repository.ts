import type { Kysely } from 'kysely';
import type { Database, EmailOutboxRow } from '../external/db-schema.js';
import fp from 'fastify-plugin';
import type { MailMessage } from '../external/mail.js';

declare module 'fastify' {
  interface FastifyInstance {
    emailOutboxRepository: EmailOutboxRepository;
  }
}

export type OutboxMessage = MailMessage;

/** The outbox: where mail goes when no SMTP_URL is configured, shown by /dev/mailbox. */
export interface EmailOutboxRepository {
  add(message: OutboxMessage): Promise<void>;
  /** Newest first, optionally only the mail sent to one address (case-insensitive). */
  list(filter?: { to?: string; limit?: number }): Promise<EmailOutboxRow[]>;
}

export function createEmailOutboxRepository(db: Kysely<Database>): EmailOutboxRepository {
  return {
    async add(message) {
      await db
        .insertInto('email_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          attachments: JSON.stringify(
            (message.attachments ?? []).map(({ filename, contentType, content }) => ({
              filename,
              contentType,
              content: Buffer.from(content).toString('base64'),
            })),
          ),
        })
        .execute();
    },

    async list(filter = {}) {
      let query = db
        .selectFrom('email_outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(filter.limit ?? 100);
      if (filter.to !== undefined) {
        const to = filter.to.trim().toLowerCase();
        query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to));
      }
      return query.execute();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('emailOutboxRepository', createEmailOutboxRepository(app.db));
  },
  { name: 'email-outbox-repository', dependencies: ['db'] },
);
