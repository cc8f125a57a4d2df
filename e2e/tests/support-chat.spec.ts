import { expect, test } from './support/fixtures';
import { createActiveAccount, newAccount, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { adminConsoleOk } from './support/admin';

// Issue 15: the support chat from the floating button, an administrator's reply from the admin
// console arriving at the next poll, and the legal documents of /support.

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/** A 2x2 red PNG (what a user attaches from a phone's screenshots, only smaller). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('chat with support: a message and an image out, the admin reply in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = newAccount('chat', { firstName: 'Zanele', lastName: 'Khumalo' });
  const reply = `Hello Zanele, we are looking at your cover now (${Date.now()}).`;
  const chatButton = page.getByRole('button', { name: 'Chat with support' });
  const panel = page
    .getByRole('dialog', { name: 'Support chat' })
    .or(page.getByRole('region', { name: 'Support chat' }));
  const log = panel.getByRole('log', { name: 'Messages' });

  await test.step('the floating button opens the chat', async () => {
    await createActiveAccount(request, account);
    await signIn(page, account.email, account.password, account.firstName);
    await chatButton.click();
    await expect(panel).toBeVisible();
    await expect(chatButton).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await expectNoA11yViolations(page);
  });

  await test.step('a message is sent and shown as text, never as markup', async () => {
    await panel.getByRole('textbox', { name: 'Message' }).fill('My cover is <b>too dark</b>, can you help?');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(log.getByText('My cover is <b>too dark</b>, can you help?')).toBeVisible();
    await expect(log.locator('b')).toHaveCount(0);
  });

  await test.step('an image is attached and comes back from the API host', async () => {
    await panel.getByLabel('Attach image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    const image = log.getByRole('img', { name: 'Image you sent' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  });

  await test.step('a file of another type is refused before sending', async () => {
    await panel
      .getByLabel('Attach image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(panel.getByRole('alert')).toContainText(
      'Please attach an image of type .svg, .png, .jpg, .jpeg or .jfif.',
    );
    await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  });

  await test.step('the administrator reads the chat and replies from the console', async () => {
    const shown = await adminConsoleOk('chat', 'show', account.email);
    expect(shown).toContain('too dark');
    await adminConsoleOk('chat', 'reply', account.email, reply);
  });

  await test.step('the reply arrives at the next poll (every 20 s), marked as Support', async () => {
    await expect(log.getByText(reply)).toBeVisible({ timeout: 30_000 });
    await expect(log.getByRole('listitem').filter({ hasText: reply })).toContainText('Support');
  });

  await test.step('Escape closes the chat and gives focus back to the button', async () => {
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(chatButton).toBeFocused();
  });
});

test('support lists the legal documents and opens each as a PDF', async ({ page, request }) => {
  const account = newAccount('support', { firstName: 'Ayanda', lastName: 'Zulu' });
  await createActiveAccount(request, account);
  await signIn(page, account.email, account.password, account.firstName);

  await page.goto('/support');
  await page.waitForURL(onPath('/support'));
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  // No floating chat button on /support; the page points to the chat instead.
  await expect(page.getByRole('button', { name: 'Chat with support' })).toHaveCount(0);
  await expect(page.getByText('Need help? Chat with us using the chat button on the dashboard.')).toBeVisible();
  await expectNoA11yViolations(page);

  const documents = page.getByRole('list', { name: 'Legal documents' });
  for (const name of ['Terms and Conditions', 'Privacy Policy', 'Data Protection', 'Terms of Use']) {
    await documents.getByRole('button', { name }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img').or(dialog.locator('canvas')).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});
