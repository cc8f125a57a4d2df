import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { CHALLENGE_TTL_SECONDS, CODES_PER_CHALLENGE, passwordFingerprint } from '../domain/two-factor.js';
import { HttpProblem, tooManyAttempts } from '../errors.js';
import { ACCOUNT_NOTICE_JOB, createAccountNoticeJob } from '../jobs/account-notice.js';
import type { RefreshClaims, TwoFactorChallengeClaims } from '../plugins/external/auth.js';
import { createAttemptLimits, type LimitedKey, type Reservation } from './attempt-limits.js';
import { LoginForm } from '@pod/shared-contracts/validation';
import { assertValid } from '../assert-valid.js';
import { getDummyHash, verifyPassword } from './password-hash.js';
import { createSessionIssuer } from './session.js';
import { createSignIn } from './sign-in.js';
import { createTwoFactorCodes } from './two-factor-codes.js';
import type { ServiceHandlers } from './types.js';

export const LOGIN_FAILED_MESSAGE =
  "Login unsuccessful - The email or password you entered is incorrect or you haven't registered yet";
export const REFRESH_FAILED_MESSAGE = 'Unable to refresh token';
export const CODE_INVALID_MESSAGE = 'The code is not valid. Try again or use a recovery code.';
export const CHALLENGE_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.';
export const TOO_MANY_CODES_MESSAGE = 'Too many wrong codes. Please sign in again.';

/** Handlers for the /authO/* operations of portal.yaml (login, loginTwoFactor, refreshToken, logout). */
export function createAuthService(app: FastifyInstance, config: AppConfig) {
  const { tokens, userRepository, refreshTokenRepository } = app;
  const sessions = createSessionIssuer(app, config);
  const signIn = createSignIn(app, config);
  const codes = createTwoFactorCodes(app, config, app.log.child({ component: 'two-factor' }));
  app.jobs.define(
    ACCOUNT_NOTICE_JOB,
    createAccountNoticeJob({
      users: userRepository,
      mailer: app.mailer,
      config,
      log: app.log.child({ job: ACCOUNT_NOTICE_JOB }),
    }),
  );
  // Computed eagerly so the first unknown-e-mail login is not slower than the rest.
  app.background.run('the dummy password hash could not be computed', () => getDummyHash());

  const refreshFailed = () => new HttpProblem(401, REFRESH_FAILED_MESSAGE);
  const challengeInvalid = (message = CHALLENGE_EXPIRED_MESSAGE) => new HttpProblem(401, message, 'CHALLENGE_INVALID');

  const { rateLimits } = config;
  const attempts = createAttemptLimits(app, config.now);

  /** Reserves one attempt on `keys`, or throws 429 with the wait. */
  async function reserveOrRefuse(keys: LimitedKey[]): Promise<Reservation & { granted: true }> {
    const reservation = await attempts.reserveAll(keys);
    if (!reservation.granted) throw tooManyAttempts(reservation.retryAfter);
    return reservation;
  }

  /** The challenge's own counters: wrong codes (5 per challenge) and "completed" (once). */
  const challengeKeys = (claims: TwoFactorChallengeClaims) => ({
    wrongCodes: {
      limit: { max: CODES_PER_CHALLENGE, windowSeconds: CHALLENGE_TTL_SECONDS },
      scope: 'login-2fa-challenge',
      value: claims.jti,
    },
    completion: { limit: { max: 1, windowSeconds: CHALLENGE_TTL_SECONDS }, scope: 'login-2fa-done', value: claims.jti },
  });

  return {
    async login(request, reply) {
      const { email, password } = assertValid(LoginForm, request.body);

      const user = await userRepository.findByEmail(email);
      const device = signIn.deviceOf(request, user);

      // Reserved before the password is verified, so parallel guesses cannot all pass one check;
      // while locked even the right password answers 429, so the lock confirms no guess.
      const reservation = rateLimits
        ? await reserveOrRefuse(signIn.loginKeys(rateLimits, email, request.ip, device))
        : undefined;

      // Always run one argon2 verification so unknown e-mails and wrong passwords take the same time.
      const valid = await verifyPassword(user?.password_hash ?? (await getDummyHash()), password);
      // A failure keeps its reservation: that is the count.
      if (!user || !valid) throw new HttpProblem(401, LOGIN_FAILED_MESSAGE);

      // Successes never count. With two-factor on, the password step succeeded: its attempt is
      // given back and the code attempts are counted instead (loginTwoFactor).
      await reservation?.release();
      if (user.totp_secret !== null) {
        const challenge = await tokens.signTwoFactorChallenge({
          userId: user.id,
          passwordFingerprint: passwordFingerprint(user.password_hash),
          ttlSeconds: CHALLENGE_TTL_SECONDS,
        });
        return { twoFactorRequired: true as const, challenge };
      }
      return signIn.complete(request, reply, user, device);
    },

    /**
     * The second step. Every attempt is counted before the code is checked: against the
     * challenge (5 wrong codes) and against the limits a wrong password counts against, so a
     * stolen password buys no extra guesses. A challenge completes once.
     */
    async loginTwoFactor(request, reply) {
      const claims = await tokens.verifyTwoFactorChallenge(request.body.challenge).catch(() => undefined);
      if (!claims) throw challengeInvalid();
      const user = await userRepository.findById(Number(claims.sub));
      // Two-factor turned off, or the password changed, since the password was given.
      if (!user || user.totp_secret === null || passwordFingerprint(user.password_hash) !== claims.pwd) {
        throw challengeInvalid();
      }
      const device = signIn.deviceOf(request, user);
      const keys = challengeKeys(claims);

      // Held even with the rate limits off: a challenge's allowance is part of what it is.
      const wrongCodes = await attempts.reserveAll([keys.wrongCodes]);
      if (!wrongCodes.granted) throw challengeInvalid(TOO_MANY_CODES_MESSAGE);
      const limits = rateLimits
        ? await reserveOrRefuse(signIn.loginKeys(rateLimits, user.email, request.ip, device)).catch(async (err) => {
            await wrongCodes.release();
            throw err;
          })
        : undefined;
      // One request at a time completes a challenge: a second one (a double submit) is refused
      // before it could spend a recovery code for nothing.
      const completion = await attempts.reserveAll([keys.completion]);
      if (!completion.granted) {
        await Promise.all([wrongCodes.release(), limits?.release()]);
        throw challengeInvalid();
      }

      if (!(await codes.spend(user, request.body.code))) {
        // The wrong code keeps its counts; the challenge stays usable for the next try.
        await completion.release();
        throw new HttpProblem(401, CODE_INVALID_MESSAGE, 'CODE_INVALID');
      }
      await Promise.all([wrongCodes.release(), limits?.release()]);
      return signIn.complete(request, reply, user, device);
    },

    /**
     * Rotation with reuse detection: a refresh token works once. Presenting one that was already
     * used or revoked means it leaked (or a client raced itself), so the whole family is revoked and
     * every token of that login, including the newest, stops working.
     */
    async refreshToken(request) {
      let claims: RefreshClaims;
      try {
        claims = await tokens.verifyRefreshToken(request.body?.token ?? '');
      } catch {
        throw refreshFailed();
      }

      const now = config.now();
      const next = await refreshTokenRepository.rotate(claims.jti, now, (current) => ({
        id: randomUUID(),
        user_id: current.user_id,
        family_id: current.family_id,
        parent_id: current.id,
        issued_at: now,
        expires_at: current.family_expires_at,
        family_expires_at: current.family_expires_at,
      }));

      if (!next) {
        const presented = await refreshTokenRepository.findById(claims.jti);
        if (presented && (presented.used_at !== null || presented.revoked_at !== null)) {
          const revoked = await refreshTokenRepository.revokeFamily(presented.family_id, 'reuse', now);
          request.log.warn(
            { userId: presented.user_id, familyId: presented.family_id, revoked },
            'refresh token reuse detected; token family revoked',
          );
        }
        throw refreshFailed();
      }

      const user = await userRepository.findById(next.user_id);
      if (!user) throw refreshFailed();
      return sessions.sign(user, next);
    },

    /** Ends the session of the presented refresh token. Always 200: the answer reveals nothing. */
    async logout(request) {
      const claims = await tokens.verifyRefreshToken(request.body?.token ?? '').catch(() => undefined);
      if (claims) {
        const presented = await refreshTokenRepository.findById(claims.jti);
        if (presented) await refreshTokenRepository.revokeFamily(presented.family_id, 'logout', config.now());
      }
      return { statusCode: 0, description: 'You have been logged out' };
    },
  } satisfies ServiceHandlers;
}
