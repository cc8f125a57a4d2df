import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import fp from 'fastify-plugin';
import type { BackgroundTasks } from '../../background-tasks.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    mailDispatcher: MailDispatcher;
  }
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Files sent with the mail (the signed contract PDF); the outbox keeps them as base64. */
  attachments?: MailAttachment[] | undefined;
}

/** Where mail waits when there is no SMTP server (the app's e-mail outbox; the dev mailbox reads it). */
export interface MailOutbox {
  add(message: MailMessage): Promise<void>;
}

export interface Mailer {
  /** Which transport is in use: 'outbox' means the dev mailbox has something to show. */
  readonly kind: 'smtp' | 'outbox' | 'custom';
  send(message: MailMessage): Promise<void>;
}

/**
 * In-process, fire-and-forget delivery (a failure is only logged, nothing retries). Mail that must
 * not be lost or must not show in an answer's timing goes through a job instead (src/jobs/, e.g.
 * the password-reset mail); no service dispatches here any more.
 */
export interface MailDispatcher {
  /** Hands the message to the mailer without waiting; a failure is logged with `context`. */
  dispatch(message: MailMessage, log: FastifyBaseLogger, context?: Record<string, unknown>): void;
  /** Resolves when every dispatched message (and the rest of the background work) has settled; awaited before closing. */
  idle(): Promise<void>;
}

export interface MailPluginOptions {
  /** Replaces the transport entirely (tests, or a caller with its own delivery). */
  mailer?: Mailer;
  /** SMTP connection URL (smtp://user:pass@host:587), from config.ts (SMTP_URL). */
  smtpUrl?: string | undefined;
  /** Without SMTP, mail goes here. */
  outbox: MailOutbox;
  from: string;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content: Buffer.from(content),
        })),
      });
    },
  };
}

export function createMailDispatcher(mailer: Mailer, tasks: BackgroundTasks): MailDispatcher {
  return {
    dispatch(message, log, context = {}) {
      tasks.run('e-mail could not be sent', () => mailer.send(message), {
        log,
        context: { ...context, subject: message.subject },
      });
    },
    idle: () => tasks.idle(),
  };
}

export default fp<MailPluginOptions>(
  async (app, options) => {
    const { smtpUrl, outbox } = options;
    let mailer: Mailer;
    if (options.mailer) {
      mailer = options.mailer;
    } else if (smtpUrl) {
      mailer = createSmtpMailer(smtpUrl, options.from);
    } else {
      mailer = { kind: 'outbox', send: (message) => outbox.add(message) };
    }
    // Dispatched mail is background work: logged when it fails, awaited before the app closes.
    app.decorate('mailer', mailer);
    app.decorate('mailDispatcher', createMailDispatcher(mailer, app.background));
  },
  { name: 'mail', dependencies: ['background'] },
);
