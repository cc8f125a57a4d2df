import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailLink, waitForMail } from './mailbox';

/** The account the server seeds (SEED_DEMO=1): active, balance R 1 250.00. */
export const DEMO = { email: 'demo@pod.local', password: 'Demo#2026pass', firstName: 'Thandi' } as const;

/** Meets the registration rule: 8+ characters, lower, upper, digit and one of !@#$%?=*&. */
export const STRONG_PASSWORD = 'Str0ng#Pass';

/** Mail subjects and link texts of the server's e-mails. */
export const MAIL = {
  verify: { subject: 'Verify your Print on Demand account', link: 'Verify my account' },
  reset: { subject: 'Reset your Print on Demand password', link: 'Reset my password' },
} as const;

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

/** A new account's details with an e-mail no other run or test uses. */
export function newAccount(prefix: string, overrides: Partial<NewAccount> = {}): NewAccount {
  counter += 1;
  return {
    email: `${prefix}-${Date.now()}-${counter}@pod.local`,
    password: STRONG_PASSWORD,
    firstName: 'Nomsa',
    lastName: 'Dlamini',
    ...overrides,
  };
}

/** Registers through the API (POST /user/adduser): the account exists, not activated (user_status 0). */
export async function registerThroughApi(request: APIRequestContext, account: NewAccount): Promise<void> {
  const response = await request.post('/api/v1/user/adduser', {
    data: {
      username: account.email,
      name_first: account.firstName,
      name_last: account.lastName,
      email: account.email,
      password: account.password,
      confirm_password: account.password,
    },
  });
  expect(response.status(), `POST /api/v1/user/adduser: ${await response.text()}`).toBe(201);
}

/**
 * Activates an account through its verification e-mail: reads the link from /dev/mailbox.json
 * and calls GET /user/verifyaccount/{id}/{token} with the link's id and token.
 */
export async function verifyThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const message = await waitForMail(request, email, MAIL.verify.subject);
  const link = mailLink(message, '/verify');
  const id = link.searchParams.get('id');
  const token = link.searchParams.get('token');
  expect(id && token, `id and token in the verification link ${link.href}`).toBeTruthy();
  const response = await request.get(
    `/api/v1/user/verifyaccount/${encodeURIComponent(id ?? '')}/${encodeURIComponent(token ?? '')}`,
  );
  expect(response.status(), `GET /api/v1/user/verifyaccount: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { statusCode?: unknown };
  expect(body.statusCode, 'statusCode of the verification answer').toBe(0);
}

/** A registered and activated account (user_status 1), made through the API. */
export async function createActiveAccount(request: APIRequestContext, account: NewAccount): Promise<void> {
  await registerThroughApi(request, account);
  await verifyThroughApi(request, account.email);
}

/** Fills the sign-in form of the page (already on /login) and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in from /login and waits for the dashboard greeting. */
export async function signIn(page: Page, email: string, password: string, firstName: string): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expectDashboard(page, firstName);
}

/**
 * On /dashboard, greeted by first name in the top bar, with the dashboard itself rendered (remote loaded),
 * and any dashboard notice closed (see closeDashboardNotices), so the page is usable afterwards.
 */
export async function expectDashboard(page: Page, firstName: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('banner').getByText(`Welcome, ${firstName}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await closeDashboardNotices(page);
}

/** Titles of the dashboard's notices (remote-library, account-area.md section 4). */
export const DASHBOARD_NOTICES = {
  welcome: 'Welcome to Print on Demand',
  payout: 'Royalty payouts',
  browser: 'Unsupported browser',
} as const;

/** sessionStorage flag remote-library sets once the payout notice showed in this tab. */
const PAYOUT_NOTICE_SHOWN = 'pod.dashboard.payoutNoticeShown';

/**
 * What the dashboard still owes this tab, read from the stored user and the session flag:
 * 'open' while a dialog is open, 'welcome' while initial_login is 0 (newly registered users; it
 * stays 0 until the server answers the dismissal), 'payout' while the balance is over R100 and
 * the payout notice has not shown in this tab, 'unknown' while initial_login is not read yet
 * (the notices wait for it), else 'none'. The browser notice never shows in Chromium.
 */
function pendingNotice(page: Page): Promise<string> {
  return page.evaluate((payoutFlag) => {
    if (document.querySelector('dialog[open]')) return 'open';
    type StoredUser = { initial_login?: unknown; balance?: unknown } | null;
    let user: StoredUser;
    try {
      user = JSON.parse(localStorage.getItem('currentUser') ?? 'null') as StoredUser;
    } catch {
      return 'unreadable user';
    }
    if (!user) return 'none';
    if (user.initial_login === undefined || user.initial_login === null) return 'unknown';
    if (Number(user.initial_login) === 0) return 'welcome';
    if (Number(user.balance) > 100 && sessionStorage.getItem(payoutFlag) !== '1') return 'payout';
    return 'none';
  }, PAYOUT_NOTICE_SHOWN);
}

/**
 * Closes the dashboard's notices (welcome, payout, browser: native <dialog>s opened with
 * showModal, so the rest of the page is inert while one is open) with their 'Close' button,
 * one after the other, until none is open and none is still due. Call it on /dashboard once
 * the dashboard rendered; expectDashboard (and so signIn) does.
 */
export async function closeDashboardNotices(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(async () => {
    if (await dialog.count()) {
      await dialog.first().getByRole('button', { name: 'Close', exact: true }).click({ timeout: 2_000 });
    }
    expect(await pendingNotice(page), 'a dashboard notice still open or due').toBe('none');
  }).toPass({ timeout: 30_000, intervals: [100, 250, 500, 1_000] });
  await expect(dialog).toHaveCount(0);
}

/** The sidebar's Log out button. */
export function logOutButton(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out', exact: true });
}
