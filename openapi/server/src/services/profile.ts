import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppConfig } from '../config.js';
import { HttpProblem, paramsFailureAs, tooManyAttempts } from '../errors.js';
import type { UserRow } from '../plugins/external/db-schema.js';
import { EmailTakenError } from '../plugins/app/user-repository.js';
import type { LinkKey, LinkPurpose } from '../plugins/app/verification-token-repository.js';
import {
  ChangePasswordForm,
  ForgotPasswordForm,
  Registration,
  REGISTRATION_MESSAGES,
  ResetPasswordForm,
} from '@pod/shared-contracts/validation';
import { assertValid } from '../assert-valid.js';
import { maskMisc } from '../domain/payout-details.js';
import { EMAIL_CHANGE_JOB } from '../jobs/email-change.js';
import { createPasswordResetJob, PASSWORD_RESET_JOB } from '../jobs/password-reset.js';
import { verificationMail } from './emails.js';
import { hashLinkToken, isStoredId, linkUrl, newLinkToken } from './link-tokens.js';
import { createAttemptLimits, loginAccountKey } from './attempt-limits.js';
import { hashPassword } from './password-hash.js';
import { createSessionIssuer } from './session.js';
import { loadCartItems } from './checkout/index.js';
import type { OperationRequest, ServiceHandlers } from './types.js';
import type { components } from '@pod/shared-contracts/api/schema';

/** Spelled as the spec gives it ("alreay"); the front end shows it verbatim. */
export const EMAIL_TAKEN_MESSAGE = REGISTRATION_MESSAGES.emailExists;
/** The /verify page's failure text; one message for every reason (unknown, used, expired, wrong user). */
export const VERIFY_FAILED_MESSAGE = 'Something went wrong while attempting to verify your account.';
export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is invalid or has expired.';
/** The same answer for known and unknown addresses: forgot-password must not reveal accounts. */
export const FORGOT_PASSWORD_DESCRIPTION = 'If an account exists for that address, a reset link has been sent.';
export const FORGOT_PASSWORD_RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a while before trying again.';
export const PASSWORD_CHANGED = 'Password changed';

/** The User object of the spec (section 3): the stored current user of the front end (portal.yaml User). */
export type UserView = components['schemas']['User'];

/** `cart`: the user's cart items, priced (services/checkout/cart.ts loadCartItems). */
export function toUserView(user: UserRow, cart: UserView['cart']): UserView {
  return {
    id: user.id,
    email: user.email,
    name_first: user.name_first,
    name_last: user.name_last,
    firstname: user.name_first,
    lastname: user.name_last,
    phone_main: user.phone_main,
    balance: Number(user.balance),
    user_status: user.user_status as UserView['user_status'],
    cart,
    // Publisher and bank details prefill (and lock) the wizard's forms; the account number and
    // IBAN are never answered whole (domain/payout-details.ts maskMisc).
    misc: JSON.stringify(maskMisc(user.misc ?? {})),
    admin_confirmation: user.admin_confirmation,
    user_confirmation: user.user_confirmation,
    pending_changes: user.pending_changes === null ? null : JSON.stringify(maskMisc(user.pending_changes)),
    initial_login: user.initial_login as UserView['initial_login'],
    // Whether sign-in asks for a code; the secret itself is never answered.
    two_factor_enabled: user.totp_secret !== null,
    login_notifications: user.login_notifications,
  };
}

const verificationFailed = () => new HttpProblem(400, VERIFY_FAILED_MESSAGE, 'LINK_INVALID');
const resetLinkInvalid = () => new HttpProblem(400, RESET_LINK_INVALID_MESSAGE, 'LINK_INVALID');
const userNotFound = () => new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');

/**
 * Route options beyond the handler: a link whose path parameters fail the contract (an id that is
 * not a number, an over-long token) answers like any other bad link.
 */
export const profileRouteOptions: Record<string, Partial<RouteOptions>> = {
  verifyAccount: { schemaErrorFormatter: paramsFailureAs(verificationFailed) },
  resetPassword: { schemaErrorFormatter: paramsFailureAs(resetLinkInvalid) },
};

/** The path of an e-mailed link: `a` the user id, `b` the one-time token. */
type LinkParams = OperationRequest<'verifyAccount'>['params'];

/** Handlers for the /user/* profile operations: registration, verification, passwords, profile. */
export function createProfileService(app: FastifyInstance, config: AppConfig) {
  const { userRepository, verificationTokenRepository, unitOfWork, mailer } = app;
  const sessions = createSessionIssuer(app, config);
  app.jobs.define(
    PASSWORD_RESET_JOB,
    createPasswordResetJob({
      users: userRepository,
      unitOfWork,
      mailer,
      config,
      log: app.log.child({ component: 'password-reset' }),
    }),
  );

  const emailTaken = () => new HttpProblem(409, EMAIL_TAKEN_MESSAGE, 'U30');
  const limits = config.rateLimits;
  const attempts = createAttemptLimits(app, config.now);

  /** The link's key, or undefined when the id cannot name a stored user. */
  function linkKey({ a, b }: LinkParams, purpose: LinkPurpose): LinkKey | undefined {
    return isStoredId(a) ? { userId: a, purpose, tokenHash: hashLinkToken(b) } : undefined;
  }

  /** Stores a hashed one-time token and mails the link; a mail failure must not undo the registration. */
  async function sendVerificationEmail(request: FastifyRequest, user: UserRow): Promise<void> {
    const { token, tokenHash } = newLinkToken();
    const now = config.now();
    await verificationTokenRepository.insert({
      id: randomUUID(),
      user_id: user.id,
      purpose: 'verify',
      token_hash: tokenHash,
      expires_at: new Date(now.getTime() + config.verificationTokenTtlSeconds * 1000),
      created_at: now,
    });
    const link = linkUrl(config.publicUrl, '/verify', user.id, token);
    try {
      await mailer.send(verificationMail({ to: user.email, firstName: user.name_first, link }));
    } catch (err) {
      request.log.error({ err, userId: user.id }, 'verification e-mail could not be sent');
    }
  }

  return {
    async addUser(request, reply) {
      const input = assertValid(Registration, request.body);

      // Counted after validation: typos are free, but account creation and U30 probing are not.
      if (limits) {
        const reserved = await attempts.reserveAll([
          { limit: limits.registrationsPerAddress, scope: 'register-address', value: request.ip },
        ]);
        if (!reserved.granted) throw tooManyAttempts(reserved.retryAfter);
      }

      if (await userRepository.findByEmail(input.email)) throw emailTaken();

      let user: UserRow;
      try {
        user = await userRepository.create({
          email: input.email,
          passwordHash: await hashPassword(input.password),
          nameFirst: input.name_first.trim(),
          nameLast: input.name_last.trim(),
          balance: config.welcomeCredit,
          balanceEntryType: 'welcome credit',
          userStatus: 0,
        });
      } catch (err) {
        // Two registrations raced past the lookup; the unique index decided.
        if (err instanceof EmailTakenError) throw emailTaken();
        throw err;
      }

      await sendVerificationEmail(request, user);
      const pair = await sessions.start(user);
      reply.code(201);
      return {
        ...pair,
        statusCode: 0,
        description: 'Your account has been created. Please follow the link we e-mailed you to activate it.',
      };
    },

    /**
     * Consumes an e-mailed /verify link and activates the account (0 -> 1), in one transaction.
     * The link is either the registration's (purpose 'verify') or an e-mail change's ('email-change',
     * PUT /user/changeemail): that one also replaces the address with the one it was sent to and
     * ends every session (the user signs in with the new address), and the old address is told.
     */
    async verifyAccount(request) {
      const verifyKey = linkKey(request.params, 'verify');
      if (!verifyKey) throw verificationFailed();
      const now = config.now();
      const outcome = await unitOfWork
        .run(async ({ verificationTokens, users, refreshTokens }) => {
          const token =
            (await verificationTokens.consume(verifyKey, now)) ??
            (await verificationTokens.consume({ ...verifyKey, purpose: 'email-change' }, now));
          if (!token) return undefined;
          // The link proves the mailbox: an account that was still waiting for activation is active.
          await users.activate(token.user_id);
          if (token.purpose !== 'email-change' || !token.new_email) return { changed: undefined };
          const before = await users.findForUpdate(token.user_id);
          if (!before) return undefined;
          // Throws EmailTakenError when another account took the address meanwhile: all rolled back.
          await users.changeEmail(token.user_id, token.new_email);
          await refreshTokens.revokeAllForUser(token.user_id, 'email-change', now);
          await verificationTokens.discardUnused(token.user_id, 'email-change');
          return { changed: { userId: token.user_id, oldEmail: before.email, newEmail: token.new_email } };
        })
        .catch((err: unknown) => {
          if (err instanceof EmailTakenError) return undefined;
          throw err;
        });
      if (!outcome) throw verificationFailed();
      if (outcome.changed) {
        await app.jobs.enqueue(EMAIL_CHANGE_JOB, { kind: 'changed', ...outcome.changed });
        request.log.info({ userId: outcome.changed.userId }, 'e-mail address changed through its link');
      }
      return { statusCode: 0, description: 'Account verified' };
    },

    async viewUserInfo(request) {
      const user = await userRepository.findById(request.userId);
      // The token outlived its account (deleted since login).
      if (!user) throw userNotFound();
      return { statusCode: 0, result: toUserView(user, await loadCartItems(app, user.id)) };
    },

    /**
     * The same answer, after the same work, for known and unknown addresses: validate, count,
     * enqueue a password-reset job (src/jobs/password-reset.ts looks the address up and mails
     * only a known one), answer. Neither a lookup nor an SMTP round trip can show in the timing.
     */
    async forgotPassword(request) {
      const { email } = assertValid(ForgotPasswordForm, { email: request.params.email });
      const emailKey = email.trim().toLowerCase();
      if (limits) {
        const reserved = await attempts.reserveAll([
          { limit: limits.passwordResetsPerEmail, scope: 'reset-email', value: emailKey },
          { limit: limits.passwordResetsPerAddress, scope: 'reset-address', value: request.ip },
        ]);
        if (!reserved.granted) throw tooManyAttempts(reserved.retryAfter, FORGOT_PASSWORD_RATE_LIMITED_MESSAGE);
      }

      // The same work for every address: whether an account has it is only looked at by the job.
      await app.jobs.enqueue(PASSWORD_RESET_JOB, { email });
      return { statusCode: 0, description: FORGOT_PASSWORD_DESCRIPTION };
    },

    /** Sets the password through a reset link; every session of the user ends. */
    async resetPassword(request) {
      const { password } = assertValid(ResetPasswordForm, request.body);
      const key = linkKey(request.params, 'reset');
      // Checked before hashing, so a bogus link costs no argon2 work; consumed atomically below.
      if (!key || !(await verificationTokenRepository.findUsable(key, config.now()))) throw resetLinkInvalid();
      const passwordHash = await hashPassword(password);

      const revoked = await unitOfWork.run(async ({ verificationTokens, users, refreshTokens }) => {
        const now = config.now();
        const token = await verificationTokens.consume(key, now);
        if (!token || !(await users.updatePasswordHash(token.user_id, passwordHash))) return undefined;
        return refreshTokens.revokeAllForUser(token.user_id, 'password-reset', now);
      });
      if (revoked === undefined) throw resetLinkInvalid();
      request.log.info({ userId: key.userId, revoked }, 'password reset through link; all sessions revoked');
      // The mailbox's owner chose a new password: strangers' guesses at the old one stop locking her out.
      const user = limits ? await userRepository.findById(key.userId) : undefined;
      if (limits && user) await attempts.forget([loginAccountKey(limits.loginFailuresPerEmail, user.email)]);
      return { statusCode: 0, description: PASSWORD_CHANGED };
    },

    /**
     * Changes the signed-in user's password and revokes every refresh-token family, the caller's
     * included: the front end logs out after a change, and any other device (or a thief's copy)
     * must sign in again with the new password. Outstanding reset links are discarded too.
     */
    async changePassword(request) {
      const { password } = assertValid(ChangePasswordForm, request.body);
      const passwordHash = await hashPassword(password);
      const userId = request.userId;
      const revoked = await unitOfWork.run(async ({ users, verificationTokens, refreshTokens }) => {
        if (!(await users.updatePasswordHash(userId, passwordHash))) return undefined;
        await verificationTokens.discardUnused(userId, 'reset');
        return refreshTokens.revokeAllForUser(userId, 'password-change', config.now());
      });
      if (revoked === undefined) throw userNotFound();
      request.log.info({ userId, revoked }, 'password changed; all sessions revoked');
      return { statusCode: 0, description: PASSWORD_CHANGED };
    },

    /** Records that the welcome modal was dismissed (or reset). */
    async setInitialLogin(request) {
      const { initial_login } = request.body;
      if (!(await userRepository.setInitialLogin(request.userId, initial_login))) throw userNotFound();
      return { statusCode: 0, initial_login };
    },
  } satisfies ServiceHandlers;
}
