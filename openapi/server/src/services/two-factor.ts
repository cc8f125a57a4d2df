import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { AppConfig } from '../config.js';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  readCode,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  totpSecretContext,
} from '../domain/two-factor.js';
import { HttpProblem, tooManyAttempts } from '../errors.js';
import { ACCOUNT_NOTICE_JOB, type AccountNoticePayload } from '../jobs/account-notice.js';
import { createAttemptLimits } from './attempt-limits.js';
import { loadCartItems } from './checkout/index.js';
import { verifyPassword } from './password-hash.js';
import { PASSWORD_INCORRECT_MESSAGE } from './profile-changes.js';
import { toUserView } from './profile.js';
import { createTwoFactorCodes } from './two-factor-codes.js';
import type { ServiceHandlers } from './types.js';

export const TWO_FACTOR_ON_MESSAGE = 'Two-factor authentication is already on.';
export const TWO_FACTOR_OFF_MESSAGE = 'Two-factor authentication is not on.';
export const NO_PENDING_SETUP_MESSAGE = 'There is no two-factor set-up to confirm. Please start again.';
export const ENABLE_CODE_INVALID_MESSAGE = 'The code is not valid. Enter the code your authenticator app shows now.';
export const TWO_FACTOR_DISABLED = 'Two-factor authentication is off.';
export const TWO_FACTOR_DISABLE_RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a while before trying again.';

const userNotFound = () => new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
const alreadyOn = () => new HttpProblem(409, TWO_FACTOR_ON_MESSAGE, 'TWO_FACTOR_ON');

/**
 * The profile's security settings (issue 15): turning two-factor sign-in on (setup, then enable
 * with a code) and off (with the password), and login notifications. The sign-in side is in
 * auth.ts (login, loginTwoFactor).
 */
export function createTwoFactorService(app: FastifyInstance, config: AppConfig) {
  const { userRepository, accountSecurityRepository, secretBox, unitOfWork } = app;
  const codes = createTwoFactorCodes(app, config, app.log.child({ component: 'two-factor' }));
  const attempts = createAttemptLimits(app, config.now);

  async function currentUser(userId: number) {
    const user = await userRepository.findById(userId);
    if (!user) throw userNotFound();
    return user;
  }

  const notify = (userId: number, kind: 'two-factor-on' | 'two-factor-off') =>
    app.jobs.enqueue(ACCOUNT_NOTICE_JOB, {
      kind,
      userId,
      at: config.now().toISOString(),
    } satisfies AccountNoticePayload);

  return {
    /** A new pending secret (replacing any earlier one) with its URI and QR code. */
    async setupTwoFactor(request) {
      const user = await currentUser(request.userId);
      if (user.totp_secret !== null) throw alreadyOn();
      const secret = generateSecret();
      const sealed = secretBox.seal(secret, totpSecretContext(user.id));
      if (!(await accountSecurityRepository.savePendingSecret(user.id, sealed))) throw alreadyOn();
      const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret, period: TOTP_PERIOD_SECONDS });
      const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUri, qrSvg };
    },

    /** Confirms the pending secret with a code: on, with 10 new recovery codes shown once. */
    async enableTwoFactor(request) {
      const user = await currentUser(request.userId);
      if (user.totp_secret !== null) throw alreadyOn();
      const pending = user.totp_pending_secret;
      if (pending === null) throw new HttpProblem(409, NO_PENDING_SETUP_MESSAGE, 'NO_PENDING_SETUP');
      const read = readCode(request.body.code);
      const step = read.kind === 'totp' ? await codes.totpStep(user.id, pending, read.token, null) : undefined;
      if (step === undefined) throw new HttpProblem(400, ENABLE_CODE_INVALID_MESSAGE, 'CODE_INVALID');

      const recoveryCodes = newRecoveryCodes();
      const enabled = await unitOfWork.run(({ accountSecurity }) =>
        accountSecurity.enable(user.id, pending, step, recoveryCodes.map(hashRecoveryCode), config.now()),
      );
      // Another setup replaced the secret, or another request enabled it, since it was read.
      if (!enabled) throw new HttpProblem(409, NO_PENDING_SETUP_MESSAGE, 'NO_PENDING_SETUP');
      await notify(user.id, 'two-factor-on');
      request.log.info({ userId: user.id }, 'two-factor authentication turned on');
      return { recoveryCodes };
    },

    /** Off, with the password: the secret and every recovery code go. */
    async disableTwoFactor(request) {
      const userId = request.userId;
      const limits = config.rateLimits;
      // Counted before the password check: a stolen access token must not become a password oracle.
      if (limits) {
        const reserved = await attempts.reserveAll([
          { limit: limits.twoFactorDisablesPerUser, scope: 'two-factor-disable-user', value: String(userId) },
        ]);
        if (!reserved.granted) throw tooManyAttempts(reserved.retryAfter, TWO_FACTOR_DISABLE_RATE_LIMITED_MESSAGE);
      }
      const user = await currentUser(userId);
      if (user.totp_secret === null) throw new HttpProblem(409, TWO_FACTOR_OFF_MESSAGE, 'TWO_FACTOR_OFF');
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        throw new HttpProblem(400, PASSWORD_INCORRECT_MESSAGE, 'PASSWORD_INCORRECT');
      }
      if (!(await unitOfWork.run(({ accountSecurity }) => accountSecurity.disable(user.id)))) {
        throw new HttpProblem(409, TWO_FACTOR_OFF_MESSAGE, 'TWO_FACTOR_OFF');
      }
      await notify(user.id, 'two-factor-off');
      request.log.info({ userId: user.id }, 'two-factor authentication turned off');
      return { statusCode: 0, description: TWO_FACTOR_DISABLED };
    },

    async setLoginNotifications(request) {
      const user = await accountSecurityRepository.setLoginNotifications(request.userId, request.body.enabled);
      if (!user) throw userNotFound();
      return { statusCode: 0, result: toUserView(user, await loadCartItems(app, user.id)) };
    },
  } satisfies ServiceHandlers;
}
