import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { UserRepository } from '../plugins/app/user-repository.js';
import type { Mailer } from '../plugins/external/mail.js';
import { loginNotificationMail, twoFactorChangedMail } from '../services/emails.js';
import type { JobHandler } from './queue.js';

export const ACCOUNT_NOTICE_JOB = 'account-notice';
/** Attempts of the job (also for callers that enqueue it in their own transaction: the admin console). */
export const ACCOUNT_NOTICE_MAX_ATTEMPTS = 5;

export type AccountNoticePayload =
  | {
      /** A sign-in completed from a new browser (the caller checked the user's choice). */
      kind: 'sign-in';
      userId: number;
      /** ISO time of the sign-in. */
      at: string;
      /** The User-Agent summarised (domain/user-agent.ts). */
      browser: string;
      /** The client address as the server saw it (behind a proxy: TRUST_PROXY). */
      address: string;
    }
  | { kind: 'two-factor-on' | 'two-factor-off'; userId: number; at: string };

export interface AccountNoticeDependencies {
  users: UserRepository;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * Security notices to the account's address: login notifications and two-factor changes. A job,
 * so a sign-in never waits for SMTP and a failing transport is retried. The address is read
 * when the job runs (the current one).
 */
export function createAccountNoticeJob(deps: AccountNoticeDependencies): JobHandler<AccountNoticePayload> {
  const { publicUrl } = deps.config;
  return {
    maxAttempts: ACCOUNT_NOTICE_MAX_ATTEMPTS,
    async run(payload) {
      const user = await deps.users.findById(payload.userId);
      if (!user) return;
      const common = {
        to: user.email,
        firstName: user.name_first,
        at: new Date(payload.at),
        profileUrl: `${publicUrl}/profile`,
        resetUrl: `${publicUrl}/forgot-password`,
      };
      await deps.mailer.send(
        payload.kind === 'sign-in'
          ? loginNotificationMail({ ...common, browser: payload.browser, address: payload.address })
          : twoFactorChangedMail({ ...common, enabled: payload.kind === 'two-factor-on' }),
      );
      deps.log.info({ userId: user.id, kind: payload.kind }, 'account notice sent');
    },
  };
}
