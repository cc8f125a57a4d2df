import nodemailer from 'nodemailer';
import { createEmailOutboxRepository, type OutboxMessage } from '../app/email-outbox-repository.js';
import { definePlugin } from '../define-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export type MailMessage = OutboxMessage;

export interface Mailer {
  /** Which transport is in use, for the start-up log. */
  readonly kind: 'smtp' | 'outbox' | 'custom';
  send(message: MailMessage): Promise<void>;
}

export interface MailPluginOptions {
  /** Replaces the transport entirely (tests, or a caller with its own delivery). */
  mailer?: Mailer;
  /** SMTP connection URL (smtp://user:pass@host:587); defaults to env SMTP_URL. */
  smtpUrl?: string;
  from: string;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}

export default definePlugin<MailPluginOptions>(
  async (app, options) => {
    const smtpUrl = options.smtpUrl ?? process.env.SMTP_URL;
    let mailer: Mailer;
    if (options.mailer) {
      mailer = options.mailer;
    } else if (smtpUrl) {
      mailer = createSmtpMailer(smtpUrl, options.from);
    } else {
      // No SMTP server in development: keep the mail where the dev mailbox can show it.
      const outbox = createEmailOutboxRepository(app.db);
      mailer = { kind: 'outbox', send: (message) => outbox.add(message) };
    }
    app.decorate('mailer', mailer);
  },
  { name: 'mail', dependencies: ['db'] },
);
