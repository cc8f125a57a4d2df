import { client, unwrap, type components } from '@pod/shared-contracts';

/** The pending secret of a two-factor set-up: Base32 key, otpauth URI and its QR code (SVG). */
export type TwoFactorSetup = components['schemas']['TwoFactorSetup'];

/**
 * Starts turning on two-factor authentication: POST /user/2fa/setup. Each call makes a new
 * pending secret (replacing the last). Throws ApiError 409 `TWO_FACTOR_ON` when it is on.
 */
export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  return unwrap(await client.POST('/user/2fa/setup'));
}
