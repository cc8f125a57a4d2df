import { client, unwrap } from '@pod/shared-contracts';

/**
 * Confirms the pending secret with a code from the app: POST /user/2fa/enable. Resolves with
 * the 10 recovery codes (shown this once). Throws ApiError 400 `CODE_INVALID` for a wrong
 * code, 409 when nothing waits for confirmation or it is already on.
 */
export async function enableTwoFactor(code: string): Promise<string[]> {
  return unwrap(await client.POST('/user/2fa/enable', { body: { code } })).recoveryCodes;
}
