import { formatCents } from '@pod/shared-contracts/money';
import { ACCOUNT_NOTICE_JOB, ACCOUNT_NOTICE_MAX_ATTEMPTS, type AccountNoticePayload } from '../jobs/account-notice.js';
import { CouponCodeTakenError } from '../plugins/app/coupon-repository.js';
import type { AdminAuditRow, ChatMessageRow, CouponRow } from '../plugins/external/db-schema.js';
import type { DeliveryReport } from '../push/delivery.js';
import { AdminError, adminRepositories, audited, findUser, type AdminContext } from './context.js';
import { countArgument, randArgument } from './library.js';

/** `push test` on a server whose push is off (production without POD_VAPID_* keys). */
export const PUSH_OFF_MESSAGE =
  'Push notifications are off on this server (set POD_VAPID_PUBLIC_KEY and POD_VAPID_PRIVATE_KEY).';

/** What `push test` sends: the service worker shows it as a notification that opens the dashboard. */
export const TEST_NOTIFICATION = {
  title: 'Test notification',
  body: 'Notifications from the Print on Demand portal reach this browser.',
  url: '/dashboard',
} as const;

/** `push test`'s report, e.g. 'Sent a test notification to 1 of 1 subscription(s) of a@b.c.' */
export function pushTestSummary(email: string, report: DeliveryReport): string {
  const parts = [`Sent a test notification to ${report.sent} of ${report.total} subscription(s) of ${email}`];
  if (report.removed > 0) parts.push(`${report.removed} the push service no longer knows removed`);
  if (report.failed > 0) parts.push(`${report.failed} failed (see the server log)`);
  return `${parts.join('; ')}.`;
}

const MAX_CHAT_REPLY = 4000;

export interface ChatLine {
  id: number;
  at: string;
  source: string;
  author: string | null;
  message: string;
  image: string | null;
}

const chatLine = (row: ChatMessageRow): ChatLine => ({
  id: row.id,
  at: row.created_at.toISOString(),
  source: row.source,
  author: row.author,
  message: row.message,
  image: row.image_name,
});

/** The chat, the balance, coupons, push and the audit trail. */
export function createSupportCommands(context: AdminContext) {
  return {
    /** A user's chat, oldest first (the newest `limit` messages). Reading a private chat is audited too. */
    async showChat(who: string, limit = '50'): Promise<ChatLine[]> {
      const count = countArgument(limit, '--limit', 1, 1000);
      return audited(context, async (repos) => {
        const user = await findUser(repos, who);
        const rows = await repos.chat.listByUser(user.id, count);
        return {
          result: rows.map(chatLine),
          note: { action: 'chat.show', userId: user.id, details: { count: rows.length } },
        };
      });
    },

    /** Answers in the user's chat as the support team (source `admin`, the console's actor as author). */
    async replyChat(who: string, message: string): Promise<ChatLine> {
      const text = message.trim();
      if (text === '' || text.length > MAX_CHAT_REPLY) {
        throw new AdminError(`The reply must be 1 to ${MAX_CHAT_REPLY} characters`);
      }
      return audited(context, async (repos) => {
        const user = await findUser(repos, who);
        const row = await repos.chat.add({
          userId: user.id,
          source: 'admin',
          message: text,
          author: context.actor,
          at: context.now(),
        });
        return {
          result: chatLine(row),
          note: {
            action: 'chat.reply',
            userId: user.id,
            target: `message ${row.id}`,
            details: { length: text.length },
          },
        };
      });
    },

    /** Credits the balance (a ledger row of type 'admin credit', so balance and ledger agree). */
    async creditBalance(
      who: string,
      amount: string | undefined,
      reason = '',
    ): Promise<{ userId: number; balance: string }> {
      const rand = randArgument(amount, 'The amount');
      const reference = reason.trim().slice(0, 64) || 'Admin credit';
      return audited(context, async (repos) => {
        const user = await findUser(repos, who);
        const cents = Math.round(rand * 100);
        await repos.users.lockBalance(user.id);
        const balanceAfter = await repos.users.adjustBalance(user.id, cents);
        await repos.payments.record({
          userId: user.id,
          type: 'admin credit',
          reference,
          amountCents: cents,
          balanceAfterCents: balanceAfter,
          at: context.now(),
        });
        return {
          result: { userId: user.id, balance: formatCents(balanceAfter) },
          note: {
            action: 'balance.credit',
            userId: user.id,
            details: { amount: formatCents(cents), reference, balanceAfter: formatCents(balanceAfter) },
          },
        };
      });
    },

    /** A coupon every account may use once: `value` (rand off) or `percentage` (1 to 100). */
    async createCoupon(
      code: string | undefined,
      type: string | undefined,
      amount: string | undefined,
      expires?: string,
    ) {
      const couponCode = (code ?? '').trim().toUpperCase();
      if (!/^[A-Z0-9_-]{3,32}$/.test(couponCode)) {
        throw new AdminError('The code must be 3 to 32 letters, digits, - or _');
      }
      if (type !== 'value' && type !== 'percentage') throw new AdminError('--type must be value or percentage');
      const value = randArgument(amount, '--amount');
      if (type === 'percentage' && value > 100) throw new AdminError('A percentage coupon takes at most 100');
      const expiresAt = expires ? new Date(expires) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime()))
        throw new AdminError(`--expires must be a date, got ${expires}`);
      return audited(context, async (repos) => {
        let coupon: CouponRow;
        try {
          coupon = await repos.coupons.create({ code: couponCode, type, amount: value, expiresAt });
        } catch (err) {
          if (err instanceof CouponCodeTakenError) throw new AdminError(err.message);
          throw err;
        }
        return {
          result: {
            id: coupon.id,
            code: coupon.code,
            type: coupon.type,
            amount: coupon.amount,
            expiresAt: coupon.expires_at,
          },
          note: {
            action: 'coupon.create',
            target: `coupon ${coupon.code}`,
            details: { type, amount: coupon.amount, expiresAt: expiresAt?.toISOString() ?? null },
          },
        };
      });
    },

    /**
     * Turns two-factor authentication off for a user who lost her phone and her recovery codes
     * (once support is sure who she is): secrets and codes go, and her address is told, as when
     * she turns it off herself.
     */
    async turnOffTwoFactor(who: string): Promise<{ userId: number; twoFactor: 'off' }> {
      return audited(context, async (repos) => {
        const user = await findUser(repos, who);
        if (!(await repos.accountSecurity.disable(user.id))) {
          throw new AdminError(`Two-factor authentication is not on for user ${user.id}`);
        }
        const notice: AccountNoticePayload = {
          kind: 'two-factor-off',
          userId: user.id,
          at: context.now().toISOString(),
        };
        await repos.jobs.enqueue({
          type: ACCOUNT_NOTICE_JOB,
          payload: notice,
          maxAttempts: ACCOUNT_NOTICE_MAX_ATTEMPTS,
          runAt: context.now(),
        });
        return { result: { userId: user.id, twoFactor: 'off' }, note: { action: 'two-factor.off', userId: user.id } };
      });
    },

    /**
     * Sends TEST_NOTIFICATION to every subscription of the user, then records the outcome (the
     * deliveries are network calls: never inside the audit row's transaction). Refused (exit 1,
     * recorded) when push is off, when the user has no subscription, or when none took it.
     */
    async pushTest(who: string): Promise<{ message: string; userId: number } & DeliveryReport> {
      const user = await findUser(adminRepositories(context.db), who);
      const record = (details: Record<string, unknown>) =>
        audited(context, async () => ({
          result: undefined,
          note: { action: 'push.test', userId: user.id, details },
        }));
      if (!context.push) {
        await record({ delivered: false, reason: 'push is off' });
        throw new AdminError(PUSH_OFF_MESSAGE);
      }
      const report = await context.push.sendToUser(user.id, TEST_NOTIFICATION);
      await record({ delivered: report.sent > 0, ...report });
      if (report.total === 0) {
        throw new AdminError(
          `${user.email} has no push subscription: notifications are not allowed in any browser signed in to the portal.`,
        );
      }
      const message = pushTestSummary(user.email, report);
      if (report.sent === 0) throw new AdminError(message);
      return { message, userId: user.id, ...report };
    },

    /** The trail, newest first (reading it is not itself recorded). */
    async listAudit(limit = '50', who?: string): Promise<AdminAuditRow[]> {
      const count = countArgument(limit, '--limit', 1, 1000);
      const repos = adminRepositories(context.db);
      const userId = who ? (await findUser(repos, who)).id : undefined;
      return repos.audit.list({ limit: count, ...(userId !== undefined && { userId }) });
    },
  };
}
