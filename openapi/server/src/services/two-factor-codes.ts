import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { verify } from 'otplib';
import type { AppConfig } from '../config.js';
import {
  hashRecoveryCode,
  readCode,
  TOTP_PERIOD_SECONDS,
  TOTP_TOLERANCE_SECONDS,
  totpSecretContext,
} from '../domain/two-factor.js';
import type { UserRow } from '../plugins/external/db-schema.js';

/**
 * Checking second-factor codes: the TOTP arithmetic (otplib) against a sealed secret, and the
 * one-time rules (a step once, a recovery code once) through the repository's conditional updates.
 */
export function createTwoFactorCodes(app: FastifyInstance, config: AppConfig, log: FastifyBaseLogger) {
  const { secretBox, accountSecurityRepository } = app;

  /**
   * The 30-second step `token` belongs to, when it is a code of `sealed` for now (one step of
   * drift either way) and newer than `afterStep`; undefined otherwise.
   */
  async function totpStep(
    userId: number,
    sealed: string,
    token: string,
    afterStep: number | null,
  ): Promise<number | undefined> {
    const secret = secretBox.open(sealed, totpSecretContext(userId));
    if (secret === undefined) {
      // Replaced server secret or an altered row: no code can match; recovery codes still work.
      log.error({ userId }, 'a TOTP secret could not be opened');
      return undefined;
    }
    const result = await verify({
      secret,
      token,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(config.now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterStep !== null && { afterTimeStep: afterStep }),
    });
    // The TOTP strategy's answer carries the step (the union type also covers HOTP's).
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  return {
    totpStep,

    /**
     * Whether `code` is a second factor of `user` now, spending it: a TOTP step is recorded as
     * used (only when newer than the last one, in one conditional UPDATE), a recovery code is
     * marked used. Of two requests with the same code exactly one gets true.
     */
    async spend(user: UserRow, code: string): Promise<boolean> {
      if (user.totp_secret === null) return false;
      const read = readCode(code);
      if (read.kind === 'totp') {
        const step = await totpStep(user.id, user.totp_secret, read.token, user.totp_last_step);
        return step !== undefined && accountSecurityRepository.useStep(user.id, step);
      }
      if (read.kind === 'recovery') {
        return accountSecurityRepository.useRecoveryCode(user.id, hashRecoveryCode(read.code), config.now());
      }
      return false;
    },
  };
}
