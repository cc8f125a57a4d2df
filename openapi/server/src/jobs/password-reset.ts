import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { UnitOfWork } from '../plugins/app/unit-of-work.js';
import type { UserRepository } from '../plugins/app/user-repository.js';
import type { Mailer } from '../plugins/external/mail.js';
import { passwordResetMail } from '../services/emails.js';
import { linkUrl, newLinkToken } from '../services/link-tokens.js';
import type { JobHandler } from './queue.js';

export const PASSWORD_RESET_JOB = 'password-reset';

export interface PasswordResetPayload extends Record<string, unknown> {
  /** The address as asked for (validated, not known to exist). */
  email: string;
}

export interface PasswordResetDependencies {
  users: UserRepository;
  unitOfWork: UnitOfWork;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * The work forgot-password does not do itself: look the address up and, only when an account
 * has it, store a new reset link (older unused ones are discarded: only the newest works) and
 * mail it. The handler enqueues this job for every address alike, so its answer cannot tell
 * known addresses from unknown ones. A mail failure fails the attempt: the retry makes a new
 * link, which is harmless (only the newest works).
 */
export function createPasswordResetJob(deps: PasswordResetDependencies): JobHandler<PasswordResetPayload> {
  const { config } = deps;
  return {
    maxAttempts: 5,
    async run({ email }) {
      const user = await deps.users.findByEmail(email);
      if (!user) return;
      const { token, tokenHash } = newLinkToken();
      const now = config.now();
      await deps.unitOfWork.run(async ({ verificationTokens }) => {
        await verificationTokens.discardUnused(user.id, 'reset');
        await verificationTokens.insert({
          id: randomUUID(),
          user_id: user.id,
          purpose: 'reset',
          token_hash: tokenHash,
          expires_at: new Date(now.getTime() + config.resetTokenTtlSeconds * 1000),
          created_at: now,
        });
      });
      const link = linkUrl(config.publicUrl, '/reset-password', user.id, token);
      await deps.mailer.send(passwordResetMail({ to: user.email, firstName: user.name_first, link }));
      deps.log.info({ userId: user.id }, 'password reset link sent');
    },
  };
}
