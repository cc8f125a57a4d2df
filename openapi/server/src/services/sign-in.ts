import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, RateLimits } from '../config.js';
import { describeBrowser } from '../domain/user-agent.js';
import { ACCOUNT_NOTICE_JOB, type AccountNoticePayload } from '../jobs/account-notice.js';
import type { UserRow } from '../plugins/external/db-schema.js';
import type { DeviceClaims } from '../plugins/external/device-cookie.js';
import { loginAccountKey, type LimitedKey } from './attempt-limits.js';
import { createSessionIssuer, type TokenPair } from './session.js';

/**
 * What POST /authO/login and POST /authO/login/2fa share: which limits an attempt counts
 * against, and what a completed sign-in does (device cookie, login notification, session).
 */
export function createSignIn(app: FastifyInstance, config: AppConfig) {
  const { deviceCookies } = app;
  const sessions = createSessionIssuer(app, config);

  return {
    /** The request's device cookie when it is a valid one of `user`'s account. */
    deviceOf(request: FastifyRequest, user: UserRow | undefined): DeviceClaims | undefined {
      const cookie = deviceCookies.read(request.headers.cookie);
      return user && cookie?.userId === user.id ? cookie : undefined;
    },

    /**
     * What a login attempt (a password, or a second-factor code) is counted against. A browser
     * presenting a valid device cookie of this account is trusted: only its own cookie's
     * allowance applies, so failures from strangers (which lock the account and throttle
     * addresses) never lock its owner out. Everyone else is counted per account and per address.
     */
    loginKeys(limits: RateLimits, email: string, address: string, device: DeviceClaims | undefined): LimitedKey[] {
      if (device) return [{ limit: limits.loginFailuresPerDevice, scope: 'login-device', value: device.nonce }];
      return [
        loginAccountKey(limits.loginFailuresPerEmail, email),
        { limit: limits.loginFailuresPerAddress, scope: 'login-address', value: address },
      ];
    },

    /**
     * A sign-in completed: renews the browser's device cookie (a fresh nonce), queues the login
     * notification when the browser brought no cookie of this account and the user wants them,
     * and starts a session.
     */
    async complete(
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      device: DeviceClaims | undefined,
    ): Promise<TokenPair> {
      reply.header('set-cookie', deviceCookies.issue(user.id));
      if (!device && user.login_notifications) {
        const notice: AccountNoticePayload = {
          kind: 'sign-in',
          userId: user.id,
          at: config.now().toISOString(),
          browser: describeBrowser(request.headers['user-agent']),
          address: request.ip,
        };
        await app.jobs.enqueue(ACCOUNT_NOTICE_JOB, notice);
      }
      return sessions.start(user);
    },
  };
}
