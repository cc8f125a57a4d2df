import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { bearer, uniqueAddress } from './test-app.js';

/** The 6-digit code an authenticator app shows for `secret` at `at` (the app's clock). */
export function totpAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** POST /user/2fa/setup as `accessToken`; the answer's body. */
export async function setupTwoFactor(app: FastifyInstance, accessToken: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/user/2fa/setup', headers: bearer(accessToken) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ secret: string; otpauthUri: string; qrSvg: string }>();
}

/** Turns two-factor on for the token's user at `at`: its secret and recovery codes. */
export async function turnOnTwoFactor(app: FastifyInstance, accessToken: string, at: Date) {
  const { secret } = await setupTwoFactor(app, accessToken);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/2fa/enable',
    headers: bearer(accessToken),
    payload: { code: await totpAt(secret, at) },
  });
  assert.equal(response.statusCode, 200, response.body);
  return { secret, recoveryCodes: response.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** POST /authO/login from `remoteAddress` (a fresh one by default), with a device cookie when given. */
export function loginRequest(
  app: FastifyInstance,
  body: { email: string; password: string },
  options: { remoteAddress?: string; device?: string; userAgent?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/authO/login',
    payload: body,
    remoteAddress: options.remoteAddress ?? uniqueAddress(),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    ...(options.device !== undefined && { cookies: { pod_device: options.device } }),
  });
}

/** POST /authO/login/2fa. */
export function secondStep(
  app: FastifyInstance,
  challenge: string,
  code: string,
  options: { remoteAddress?: string; device?: string; userAgent?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/authO/login/2fa',
    payload: { challenge, code },
    remoteAddress: options.remoteAddress ?? uniqueAddress(),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    ...(options.device !== undefined && { cookies: { pod_device: options.device } }),
  });
}

/** The challenge of a password step that must ask for a second factor. */
export async function challengeFor(
  app: FastifyInstance,
  body: { email: string; password: string },
  options: { remoteAddress?: string; device?: string } = {},
): Promise<string> {
  const response = await loginRequest(app, body, options);
  assert.equal(response.statusCode, 200, response.body);
  const answer = response.json<{ twoFactorRequired?: boolean; challenge?: string; accessToken?: string }>();
  assert.equal(answer.twoFactorRequired, true);
  assert.equal(answer.accessToken, undefined);
  return answer.challenge!;
}
