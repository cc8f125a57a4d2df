import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SUPPORT_EMAIL } from '@pod/shared-contracts/constants';
import type { AppConfig } from '../config.js';
import type { UnitOfWork } from '../plugins/app/unit-of-work.js';
import type { UserRepository } from '../plugins/app/user-repository.js';
import type { Mailer } from '../plugins/external/mail.js';
import { emailChangedMail, emailChangeMail, emailChangeNoticeMail } from '../services/emails.js';
import { linkUrl, newLinkToken } from '../services/link-tokens.js';
import type { JobHandler } from './queue.js';

export const EMAIL_CHANGE_JOB = 'email-change';
/** Attempts of the job (also for callers that enqueue it in their own transaction: the admin console). */
export const EMAIL_CHANGE_MAX_ATTEMPTS = 5;

export type EmailChangePayload =
  | {
      /** A change was asked for (PUT /user/changeemail, or an approved update request). */
      kind: 'request';
      userId: number;
      newEmail: string;
    }
  | {
      /** The new address was confirmed: tell the old one. */
      kind: 'changed';
      userId: number;
      oldEmail: string;
      newEmail: string;
    };

export interface EmailChangeDependencies {
  users: UserRepository;
  unitOfWork: UnitOfWork;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * The mail of an e-mail change. `request`: a new one-time link (purpose 'email-change', carrying
 * the new address; older unused ones are discarded, only the newest works) is stored and mailed
 * to the NEW address, and a notice to the current one. The token is made here, never in the
 * payload, so the jobs table holds no usable link. A retry makes a new link, which is harmless.
 * `changed`: the notice to the old address after the confirmation.
 */
export function createEmailChangeJob(deps: EmailChangeDependencies): JobHandler<EmailChangePayload> {
  const { config } = deps;
  return {
    maxAttempts: EMAIL_CHANGE_MAX_ATTEMPTS,
    async run(payload) {
      const user = await deps.users.findById(payload.userId);
      if (!user) return;
      const recipient = { firstName: user.name_first, newEmail: payload.newEmail, supportEmail: SUPPORT_EMAIL };
      if (payload.kind === 'changed') {
        await deps.mailer.send(emailChangedMail({ to: payload.oldEmail, ...recipient }));
        return;
      }
      const { token, tokenHash } = newLinkToken();
      const now = config.now();
      await deps.unitOfWork.run(async ({ verificationTokens }) => {
        await verificationTokens.discardUnused(user.id, 'email-change');
        await verificationTokens.insert({
          id: randomUUID(),
          user_id: user.id,
          purpose: 'email-change',
          token_hash: tokenHash,
          new_email: payload.newEmail,
          expires_at: new Date(now.getTime() + config.verificationTokenTtlSeconds * 1000),
          created_at: now,
        });
      });
      const link = linkUrl(config.publicUrl, '/verify', user.id, token);
      await deps.mailer.send(emailChangeMail({ to: payload.newEmail, firstName: user.name_first, link }));
      await deps.mailer.send(emailChangeNoticeMail({ to: user.email, ...recipient }));
      deps.log.info({ userId: user.id }, 'e-mail change link sent');
    },
  };
}
