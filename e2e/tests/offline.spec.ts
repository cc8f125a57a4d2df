import { type Page, type Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createActiveAccount, newAccount, signIn } from './support/accounts';
import { userBooks, type ApiBook } from './support/library';
import { signedPrintBookThroughApi } from './support/wizard';

// Offline (account-area.md sections 4 and 5, issue 16): the banner while disconnected; changes
// made offline go into the persisted queue with the spec's alerts, survive a reload made while
// still offline (which shows the shell and the last data seen), and are replayed once the
// connection is back, each exactly once: the replay carries the Idempotency-Key of the first
// attempt, and the server answers that key again with its first result.
// A new account with its own quoted book, so no other journey's data changes.
test.use({ serviceWorkers: 'allow' });

const BANNER = 'No Internet Connection You are currently in offline mode. Some features may not work as expected.';
const QUEUED = {
  delete: 'No network connection - Item will be deleted when connection is restored',
  update: 'No network connection - Item will be updated when connection is restored',
} as const;
const TITLE = 'Offline Afternoons';

/** The Idempotency-Key of every request the page sent to `path` (whatever happened to it). */
function keysSentTo(page: Page, method: string, path: RegExp): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) {
      keys.push(request.headers()['idempotency-key'] ?? '(none)');
    }
  });
  return keys;
}

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await expect(async () => {
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    }
  }).toPass({ timeout: 20_000 });
}

/** How many changes the offline queue (IndexedDB 'pod-offline', its one store) holds. */
function queuedChanges(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('pod-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const [store] = Array.from(db.objectStoreNames);
          if (!store) return resolve(0);
          const count = db.transaction(store, 'readonly').objectStore(store).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

function offlineBanner(page: Page) {
  return page.getByText('No Internet Connection', { exact: false }).first();
}

async function bookOf(page: Page): Promise<ApiBook> {
  const { localBooks } = await userBooks(page);
  const book = localBooks.find((entry) => entry.book_title === TITLE);
  expect(book, `${TITLE} in the user's local books`).toBeTruthy();
  return book as ApiBook;
}

/** Whether the book is cancelled: `misc.archived`, where `misc` is JSON text (portal.yaml `Book`). */
function archived(book: ApiBook): boolean {
  const misc: unknown = typeof book.misc === 'string' ? JSON.parse(book.misc) : book.misc;
  return (misc as { archived?: unknown } | null)?.archived === true;
}

test('offline: cancel a book and edit details, reload offline, back online: both applied once', async ({
  page,
  context,
  request,
}) => {
  const account = newAccount('offline');
  await createActiveAccount(request, account);
  await signedPrintBookThroughApi(request, account, TITLE);
  const archiveKeys = keysSentTo(page, 'DELETE', /^\/api\/v1\/user\/archivebook\//);
  const editKeys = keysSentTo(page, 'PUT', /^\/api\/v1\/user\/edituser$/);
  const main = page.getByRole('navigation', { name: 'Main' });

  await test.step('online: signed in, the books and the profile seen once', async () => {
    await signIn(page, account.email, account.password, account.firstName);
    await controlledByServiceWorker(page);
    await main.getByRole('link', { name: 'Your books', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: TITLE })).toBeVisible();
    await main.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();
    await expect(offlineBanner(page)).toHaveCount(0);
  });

  await test.step('offline: the banner shows', async () => {
    await context.setOffline(true);
    await expect(offlineBanner(page)).toBeVisible();
    await expect(page.getByText(BANNER.replace('No Internet Connection ', ''), { exact: false })).toBeVisible();
  });

  await test.step('offline: cancelling the book is queued with the delete alert', async () => {
    await main.getByRole('link', { name: 'Your books', exact: true }).click();
    const card = page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: TITLE });
    await card.click();
    const detail = page.getByRole('region', { name: TITLE, exact: true });
    await detail.getByRole('button', { name: 'Cancel book', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this book?' });
    await confirm.getByRole('button', { name: 'Yes, cancel book', exact: true }).click();
    await expect(page.getByText(QUEUED.delete, { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Something went wrong, while trying to archive your book.')).toHaveCount(0);
  });

  await test.step('offline: editing the details is queued with the update alert', async () => {
    await main.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.getByRole('button', { name: 'Edit details', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Lindiwe');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+27821234567');
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByText(QUEUED.update, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('reloaded while still offline: the shell and the last data seen, nothing lost', async () => {
    await page.reload();
    await expect(offlineBanner(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();
    const queued = await queuedChanges(page);
    expect(queued, 'changes kept in the offline queue across the reload').toBe(2);
  });

  await test.step('online again: "Connection restored", the queue is sent and cleared', async () => {
    await context.setOffline(false);
    await expect(page.getByText('Connection restored', { exact: false }).first()).toBeVisible();
    await expect(offlineBanner(page)).toHaveCount(0);
    await expect.poll(async () => archived(await bookOf(page)), { timeout: 20_000 }).toBe(true);
    await expect(page.getByText('Lindiwe', { exact: false }).first()).toBeVisible({ timeout: 20_000 });
  });

  await test.step('exactly once: the replay carried the first key, and the server answers it again unchanged', async () => {
    // Every attempt of one change carries one key (the offline attempt never reached the server).
    expect(new Set(archiveKeys).size, `archive keys ${archiveKeys.join(', ')}`).toBe(1);
    expect(new Set(editKeys).size, `edit keys ${editKeys.join(', ')}`).toBe(1);
    const book = await bookOf(page);
    const token = await page.evaluate(() => localStorage.getItem('access-token'));
    const again = await page.request.delete(`/api/v1/user/archivebook/${book.id}/0`, {
      headers: { Authorization: `Bearer ${token ?? ''}`, 'Idempotency-Key': archiveKeys[0] ?? '' },
    });
    expect(again.status(), await again.text()).toBe(200);
    expect(again.headers()['idempotent-replayed']).toBe('true');
    // Without the key the same cancel is refused: the book was cancelled once, by the replay.
    const fresh = await page.request.delete(`/api/v1/user/archivebook/${book.id}/0`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    expect(fresh.status()).toBe(409);
    const queued = await queuedChanges(page);
    expect(queued, 'the queue is cleared when all are sent').toBe(0);
  });
});
