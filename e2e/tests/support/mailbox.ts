import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The server's dev outbox (NODE_ENV is not production; loopback clients only, which the journeys
// are: the servers listen on 127.0.0.1): GET /dev/mailbox is an HTML page with an
// <article> per message (<h2> subject, 'To: <address>'), newest first, `?to=<address>` filtering;
// GET /dev/mailbox.json is the same list as JSON.

/** How long a journey waits for an e-mail to reach the outbox. */
const MAIL_TIMEOUT = 15_000;

/**
 * Opens /dev/mailbox for `to` and returns the newest message with `subject`, reloading until it
 * arrives (the page is a snapshot of the outbox).
 */
export async function openMail(page: Page, to: string, subject: string): Promise<Locator> {
  const message = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: subject, exact: true }) })
    .filter({ hasText: to })
    .first();
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: MAIL_TIMEOUT });
  return message;
}

/** One message of /dev/mailbox.json, whatever its exact field names. */
export type MailJson = Record<string, unknown>;

function mentions(message: MailJson, text: string): boolean {
  return JSON.stringify(message).toLowerCase().includes(text.toLowerCase());
}

/** The messages of /dev/mailbox.json (the list, whatever the answer's wrapping). */
async function mailboxList(request: APIRequestContext, to: string): Promise<MailJson[] | string> {
  const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  if (!response.ok()) return `GET /dev/mailbox.json answered ${response.status()}`;
  const body: unknown = await response.json();
  const list = Array.isArray(body)
    ? body
    : (Object.values((body ?? {}) as Record<string, unknown>).find(Array.isArray) ?? []);
  return list as MailJson[];
}

/** How many messages to `to` mention `subject` now. */
export async function countMail(request: APIRequestContext, to: string, subject: string): Promise<number> {
  const list = await mailboxList(request, to);
  if (typeof list === 'string') throw new Error(list);
  return list.filter((message) => mentions(message, to) && mentions(message, subject)).length;
}

/** Polls /dev/mailbox.json until a message to `to` with `subject` is there; returns the newest. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<MailJson> {
  let found: MailJson | undefined;
  await expect
    .poll(
      async () => {
        const list = await mailboxList(request, to);
        if (typeof list === 'string') return list;
        found = list.find((message) => mentions(message, to) && mentions(message, subject));
        return found ? 'found' : `no '${subject}' to ${to} among ${list.length} message(s)`;
      },
      { message: `e-mail '${subject}' to ${to} in /dev/mailbox.json`, timeout: MAIL_TIMEOUT },
    )
    .toBe('found');
  return found as MailJson;
}

/** The first link in a JSON message whose path is `pathname` (e.g. '/verify'), HTML entities decoded. */
export function mailLink(message: MailJson, pathname: string): URL {
  const text = JSON.stringify(message).replace(/\\u0026|&amp;/g, '&');
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = text.match(new RegExp(`https?://[^\\s"'<>\\\\]+${escaped}\\?[^\\s"'<>\\\\]+`));
  expect(match, `a ${pathname}?... link in ${JSON.stringify(message)}`).not.toBeNull();
  return new URL((match as RegExpMatchArray)[0]);
}
