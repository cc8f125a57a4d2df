import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLocalRequest } from '../../client-address.js';
import type { DevMailboxAccess } from '../../config.js';
import { escapeHtml } from '../../html.js';
import type { EmailOutboxRow } from './db-schema.js';
import fp from 'fastify-plugin';

/** One message as /dev/mailbox.json lists it. */
export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Names only: the content stays in the outbox. */
  attachments: Array<{ filename: string; contentType: string }>;
  createdAt: string;
}

type MailboxRequest = FastifyRequest<{ Querystring: { to?: string } }>;

const querystring = {
  type: 'object',
  properties: { to: { type: 'string', maxLength: 254 } },
} as const;

/**
 * No script may run on the page, whatever a message body contains; inline styles only. This is
 * what makes rendering the (server-generated) HTML bodies unescaped acceptable.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; line-height: 1.5; }
  main { max-width: 52rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 1rem 0; }
  input { font: inherit; padding: .35rem .5rem; min-width: 18rem; }
  button { font: inherit; padding: .35rem .9rem; }
  article { background: #fff; border: 1px solid #c9ced6; border-radius: .5rem; padding: 1rem 1.25rem; margin: 1rem 0; }
  article h2 { font-size: 1.15rem; margin: 0 0 .25rem; }
  .meta { margin: 0; color: #4a5263; }
  .body { border-top: 1px solid #e3e6ea; margin-top: .75rem; padding-top: .75rem; overflow-wrap: anywhere; }
  a { color: #0b57d0; }
`;

function toMessage(row: EmailOutboxRow): MailboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: (row.attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })),
    createdAt: row.created_at.toISOString(),
  };
}

function renderMessage(message: MailboxMessage): string {
  const headingId = `message-${message.id}`;
  const shownTime = `${message.createdAt.slice(0, 19).replace('T', ' ')} UTC`;
  // Bodies are the server's own mails (their interpolated values escaped when written); a message
  // without an HTML part shows its text escaped.
  const body = message.html ?? `<pre>${escapeHtml(message.text)}</pre>`;
  return `<article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(message.subject)}</h2>
<p class="meta">To: ${escapeHtml(message.to)}</p>
<p class="meta"><time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(shownTime)}</time></p>
${message.attachments.length > 0 ? `<p class="meta">Attachments: ${message.attachments.map((file) => escapeHtml(file.filename)).join(', ')}</p>\n` : ''}<div class="body">${body}</div>
</article>`;
}

/** The line that says who can see the page and how that changes. */
function accessNote(access: DevMailboxAccess): string {
  return access === 'open'
    ? 'This page is open to every client (DEV_MAILBOX=open): anyone who reaches this server can read these mails, reset links included.'
    : 'It answers only requests from this machine (loopback); other clients get 404. Set DEV_MAILBOX=open to show it to every client (never served in production).';
}

export function renderMailbox(
  messages: MailboxMessage[],
  to: string | undefined,
  access: DevMailboxAccess = 'loopback',
): string {
  const count = `${messages.length} ${messages.length === 1 ? 'message' : 'messages'}`;
  const summary = to ? `${count} to ${escapeHtml(to)}.` : `${count}, newest first.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>E-mails the server would have sent. Development only: shown because no SMTP_URL is configured.</p>
<p>${accessNote(access)}</p>
<form method="get" action="/dev/mailbox" role="search" aria-label="Filter by recipient">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" autocomplete="off">
<button type="submit">Filter</button>
${to ? '<a href="/dev/mailbox">Show all</a>' : ''}
</form>
<p role="status">${summary}</p>
${messages.map(renderMessage).join('\n')}
</main>
</body>
</html>
`;
}

export interface DevMailboxOptions {
  /** `loopback`: only this machine (see client-address.ts); `open`: every client. */
  access: DevMailboxAccess;
}

/**
 * GET /dev/mailbox (an HTML page) and /dev/mailbox.json: the e-mail outbox, newest first, with an
 * optional `?to=<address>` filter. Outside /api/v1. app.ts registers it only when NODE_ENV is not
 * production and mail goes to the outbox (no SMTP_URL): with SMTP the outbox stays empty.
 * The outbox holds password-reset links, so reading it is taking over any account: unless opened,
 * it answers loopback clients only, and anyone else the same 404 as a route that does not exist.
 */
export default fp<DevMailboxOptions>(
  async (app, { access }) => {
    const outbox = app.emailOutboxRepository;

    /** onRequest of both routes: a client that may not see the mailbox gets the ordinary 404. */
    async function onlyAllowed(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
      if (access === 'open' || isLocalRequest(request)) return undefined;
      reply.callNotFound();
      return reply; // answered early: the handler must not run
    }

    async function list(request: MailboxRequest): Promise<{ to: string | undefined; messages: MailboxMessage[] }> {
      const to = request.query.to?.trim() || undefined;
      const rows = await outbox.list(to === undefined ? {} : { to });
      return { to, messages: rows.map(toMessage) };
    }

    app.get(
      '/dev/mailbox',
      { schema: { querystring }, onRequest: onlyAllowed },
      async (request: MailboxRequest, reply) => {
        const { to, messages } = await list(request);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', CONTENT_SECURITY_POLICY)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(renderMailbox(messages, to, access));
      },
    );

    app.get(
      '/dev/mailbox.json',
      { schema: { querystring }, onRequest: onlyAllowed },
      async (request: MailboxRequest, reply) => {
        const { messages } = await list(request);
        return reply.header('cache-control', 'no-store').send(messages);
      },
    );
  },
  { name: 'dev-mailbox', dependencies: ['email-outbox-repository'] },
);
