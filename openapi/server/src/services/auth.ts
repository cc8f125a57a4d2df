import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig, RateLimits } from '../config.js';
import { HttpProblem, tooManyAttempts } from '../errors.js';
import type { RefreshClaims } from '../plugins/external/auth.js';
import type { DeviceClaims } from '../plugins/external/device-cookie.js';
import { createAttemptLimits, loginAccountKey, type LimitedKey, type Reservation } from './attempt-limits.js';
import { LoginForm } from '@pod/shared-contracts/validation';
import { assertValid } from '../assert-valid.js';
import { getDummyHash, verifyPassword } from './password-hash.js';
import { createSessionIssuer } from './session.js';
import type { ServiceHandlers } from './types.js';

export const LOGIN_FAILED_MESSAGE =
  "Login unsuccessful - The email or password you entered is incorrect or you haven't registered yet";
export const REFRESH_FAILED_MESSAGE = 'Unable to refresh token';

/** Handlers for the /authO/* operations of portal.yaml (login, refreshToken, logout). */
export function createAuthService(app: FastifyInstance, config: AppConfig) {
  const { tokens, deviceCookies, userRepository, refreshTokenRepository } = app;
  const sessions = createSessionIssuer(app, config);
  // Computed eagerly so the first unknown-e-mail login is not slower than the rest.
  app.background.run('the dummy password hash could not be computed', () => getDummyHash());

  const refreshFailed = () => new HttpProblem(401, REFRESH_FAILED_MESSAGE);

  const { rateLimits } = config;
  const attempts = createAttemptLimits(app, config.now);

  /**
   * What a login attempt is counted against. A browser presenting a valid device cookie of this
   * account is trusted: only its own cookie's allowance applies, so failures from strangers
   * (which lock the account and throttle addresses) never lock its owner out. Everyone else is
   * counted per account and per client address.
   */
  function loginKeys(
    limits: RateLimits,
    email: string,
    address: string,
    device: DeviceClaims | undefined,
  ): LimitedKey[] {
    if (device) return [{ limit: limits.loginFailuresPerDevice, scope: 'login-device', value: device.nonce }];
    return [
      loginAccountKey(limits.loginFailuresPerEmail, email),
      { limit: limits.loginFailuresPerAddress, scope: 'login-address', value: address },
    ];
  }

  return {
    async login(request, reply) {
      const { email, password } = assertValid(LoginForm, request.body);

      const user = await userRepository.findByEmail(email);
      const cookie = deviceCookies.read(request.headers.cookie);
      const device = user && cookie?.userId === user.id ? cookie : undefined;

      // Reserved before the password is verified, so parallel guesses cannot all pass one check;
      // while locked even the right password answers 429, so the lock confirms no guess.
      let reservation: Reservation | undefined;
      if (rateLimits) {
        reservation = await attempts.reserveAll(loginKeys(rateLimits, email, request.ip, device));
        if (!reservation.granted) throw tooManyAttempts(reservation.retryAfter);
      }

      // Always run one argon2 verification so unknown e-mails and wrong passwords take the same time.
      const valid = await verifyPassword(user?.password_hash ?? (await getDummyHash()), password);
      // A failure keeps its reservation: that is the count.
      if (!user || !valid) throw new HttpProblem(401, LOGIN_FAILED_MESSAGE);

      // Successes never count, and each one renews the browser's device cookie (a fresh nonce).
      if (reservation?.granted) await reservation.release();
      reply.header('set-cookie', deviceCookies.issue(user.id));
      return sessions.start(user);
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
