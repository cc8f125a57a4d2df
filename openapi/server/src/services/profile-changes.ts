import type { FastifyInstance } from 'fastify';
import { ChangeEmailForm, EditDetailsForm, firstFailure, UpdateRequest } from '@pod/shared-contracts/validation';
import type { AppConfig } from '../config.js';
import { assertValid } from '../assert-valid.js';
import { normalizeUpdateRequest } from '../domain/profile-changes.js';
import { HttpProblem, tooManyAttempts } from '../errors.js';
import { createEmailChangeJob, EMAIL_CHANGE_JOB } from '../jobs/email-change.js';
import { createAttemptLimits } from './attempt-limits.js';
import { loadCartItems } from './checkout/index.js';
import { verifyPassword } from './password-hash.js';
import { EMAIL_TAKEN_MESSAGE, toUserView } from './profile.js';
import type { ServiceHandlers } from './types.js';

export const REQUEST_SUBMITTED = 'Your request has been successfully submitted.';
export const CHANGES_APPROVED = 'Changes approved';
export const NOTHING_TO_APPROVE_MESSAGE = 'There are no changes waiting for your approval.';
export const PASSWORD_INCORRECT_MESSAGE = 'The password you entered is incorrect.';
export const SAME_EMAIL_MESSAGE = 'This is already the e-mail address of your account.';
export const EMAIL_CHANGE_SENT = 'Please follow the link we sent to your new email address';
export const EMAIL_CHANGE_RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a while before trying again.';

const userNotFound = () => new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');

/**
 * The profile's changes (issue 15): the details modal (editUser), the e-mail change
 * (changeEmail, confirmed through the e-mailed link, see profile.ts verifyAccount), update
 * requests for admin review (requestChange) and the user's acceptance of the changes an admin
 * applied (approveUserChanges). The admin's side is the console (src/admin/).
 */
export function createProfileChangesService(app: FastifyInstance, config: AppConfig) {
  const { userRepository, unitOfWork } = app;
  const attempts = createAttemptLimits(app, config.now);
  app.jobs.define(
    EMAIL_CHANGE_JOB,
    createEmailChangeJob({
      users: userRepository,
      unitOfWork,
      mailer: app.mailer,
      config,
      log: app.log.child({ job: EMAIL_CHANGE_JOB }),
    }),
  );

  return {
    /** Names and phone, straight away (no review): the details modal's three fields, all required. */
    async editUser(request) {
      const input = assertValid(EditDetailsForm, request.body);
      const user = await userRepository.updateDetails(request.userId, {
        name_first: input.name_first.trim(),
        name_last: input.name_last.trim(),
        phone_main: input.phone_main.trim(),
      });
      if (!user) throw userNotFound();
      return { statusCode: 0, result: toUserView(user, await loadCartItems(app, user.id)) };
    },

    /** Stores the request (normalised) for review; a newer one replaces it. */
    async requestChange(request) {
      const stored = normalizeUpdateRequest(request.body as Record<string, unknown>);
      const failure = firstFailure(UpdateRequest, stored);
      if (failure) throw new HttpProblem(400, failure, 'VALIDATION');
      if (!(await userRepository.submitChangeRequest(request.userId, stored))) throw userNotFound();
      request.log.info({ userId: request.userId }, 'update request submitted for review');
      return { statusCode: 200, description: REQUEST_SUBMITTED };
    },

    /**
     * The user accepts what an admin applied (admin_confirmation 1 -> 0). Every session ends, so
     * the next sign-in carries the new details and user_status (2 while contracts await re-signing).
     */
    async approveUserChanges(request) {
      const userId = request.userId;
      const accepted = await unitOfWork.run(async ({ users, refreshTokens }) => {
        if (!(await users.findForUpdate(userId))) throw userNotFound();
        if (!(await users.acceptAppliedChanges(userId))) return false;
        await refreshTokens.revokeAllForUser(userId, 'changes-approved', config.now());
        return true;
      });
      if (!accepted) throw new HttpProblem(409, NOTHING_TO_APPROVE_MESSAGE);
      return { statusCode: 200, description: CHANGES_APPROVED };
    },

    /**
     * Checks the password, then mails a link to the new address (and a notice to the current
     * one) through the email-change job. The address changes only when the link is followed.
     */
    async changeEmail(request) {
      const input = assertValid(ChangeEmailForm, request.body);
      const userId = request.userId;
      const limits = config.rateLimits;
      // Counted before the password check: a stolen access token must not become a password oracle.
      if (limits) {
        const reserved = await attempts.reserveAll([
          { limit: limits.emailChangesPerUser, scope: 'email-change-user', value: String(userId) },
        ]);
        if (!reserved.granted) throw tooManyAttempts(reserved.retryAfter, EMAIL_CHANGE_RATE_LIMITED_MESSAGE);
      }
      const user = await userRepository.findById(userId);
      if (!user) throw userNotFound();
      if (!(await verifyPassword(user.password_hash, input.password))) {
        throw new HttpProblem(400, PASSWORD_INCORRECT_MESSAGE, 'PASSWORD_INCORRECT');
      }
      const newEmail = input.email.trim();
      if (newEmail.toLowerCase() === user.email.trim().toLowerCase()) {
        throw new HttpProblem(400, SAME_EMAIL_MESSAGE, 'VALIDATION');
      }
      if (await userRepository.findByEmail(newEmail)) throw new HttpProblem(409, EMAIL_TAKEN_MESSAGE, 'U30');
      await app.jobs.enqueue(EMAIL_CHANGE_JOB, { kind: 'request', userId, newEmail });
      return { statusCode: 0, description: EMAIL_CHANGE_SENT };
    },
  } satisfies ServiceHandlers;
}
