import { hkdfSync, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { AppConfig } from '../../config.js';
import { createFileLinks, type FileLinks } from '../../domain/file-links.js';
import fp from 'fastify-plugin';
import { createDeviceCookies, type DeviceCookies } from './device-cookie.js';
import { createSecretBox, type SecretBox } from './secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Signed device cookies of the login limits, keyed from the same secret. */
    deviceCookies: DeviceCookies;
    /** Signed, short-lived file links (domain/file-links.ts), keyed from the same secret. */
    fileLinks: FileLinks;
    /** Seals TOTP secrets at rest (AES-256-GCM), keyed from the same secret. */
    secretBox: SecretBox;
    /** HMAC key of the Idempotency-Key request fingerprints (domain/idempotency.ts), from the same secret. */
    fingerprintKey: Uint8Array;
  }
  interface FastifyRequest {
    /** Set by the bearerAuth security handler; 0 on routes without bearer security. */
    userId: number;
  }
}

const ISSUER = 'pod-reference-api';
const ALGORITHM = 'HS256';

/** The access-token payload; the front end decodes it and stores it as the current user. */
export interface AccessClaims {
  sub: string;
  email: string;
  name_first: string;
  name_last: string;
  user_status: number;
  typ: 'access';
}

export interface RefreshClaims {
  sub: string;
  jti: string;
  /** Family id: every token rotated from one login shares it. */
  fam: string;
  typ: 'refresh';
}

/** The second step of a two-factor sign-in: who passed the password, and which password. */
export interface TwoFactorChallengeClaims {
  sub: string;
  /** Its own id: the key of the challenge's wrong-code counter. */
  jti: string;
  /** A fingerprint of the password hash the password was checked against. */
  pwd: string;
  typ: 'login-2fa';
}

export interface AccessSubject {
  id: number;
  email: string;
  name_first: string;
  name_last: string;
  user_status: number;
}

export interface TokenService {
  signAccessToken(user: AccessSubject): Promise<string>;
  /** Throws when the signature, issuer, type or expiry (against the app clock) is wrong. */
  verifyAccessToken(token: string): Promise<AccessClaims>;
  signRefreshToken(input: { userId: number; jti: string; familyId: string; expiresAt: Date }): Promise<string>;
  verifyRefreshToken(token: string): Promise<RefreshClaims>;
  /** A challenge valid `ttlSeconds` for `userId`, naming `passwordFingerprint`. */
  signTwoFactorChallenge(input: { userId: number; passwordFingerprint: string; ttlSeconds: number }): Promise<string>;
  /** Throws when the signature, issuer, type or expiry (against the app clock) is wrong. */
  verifyTwoFactorChallenge(token: string): Promise<TwoFactorChallengeClaims>;
}

/** Where a generated secret is kept when JWT_SECRET is unset (the app's settings table). */
export interface SettingStore {
  getOrCreate(key: string, create: () => string): Promise<string>;
}

export interface AuthPluginOptions {
  config: AppConfig;
  settings: SettingStore;
}

/**
 * One master secret, one derived key per purpose (access token, refresh token, device cookie,
 * file link, two-factor challenge, sealed TOTP secrets): an access token can never be replayed as a refresh token (or the reverse) even if
 * the `typ` check were forgotten somewhere, and no other signed value passes as a file link.
 */
function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'pod-portal', purpose, 32));
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

function isNumericId(sub: unknown): sub is string {
  return typeof sub === 'string' && /^[1-9]\d*$/.test(sub);
}

/**
 * A token key as a WebCrypto HMAC key, imported once. Given the bytes, jose imports them again on
 * every sign and verify: ~12 % of the server's CPU for a page of orders (issue 18), on every
 * authenticated call.
 */
function tokenKey(bytes: Uint8Array): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export function createTokenService(secret: string, config: AppConfig): TokenService {
  const accessKey = tokenKey(deriveKey(secret, 'access-token'));
  const refreshKey = tokenKey(deriveKey(secret, 'refresh-token'));
  const challengeKey = tokenKey(deriveKey(secret, 'two-factor-challenge'));

  async function verify(token: string, key: Promise<webcrypto.CryptoKey>): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      currentDate: config.now(),
    });
    return payload;
  }

  return {
    async signAccessToken(user) {
      const now = seconds(config.now());
      return new SignJWT({
        email: user.email,
        name_first: user.name_first,
        name_last: user.name_last,
        user_status: user.user_status,
        typ: 'access',
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + config.accessTokenTtlSeconds)
        .sign(await accessKey);
    },

    async verifyAccessToken(token) {
      const payload = await verify(token, accessKey);
      if (payload.typ !== 'access' || !isNumericId(payload.sub)) throw new Error('Not an access token');
      return payload as unknown as AccessClaims;
    },

    async signRefreshToken({ userId, jti, familyId, expiresAt }) {
      return new SignJWT({ fam: familyId, typ: 'refresh' })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(jti)
        .setIssuer(ISSUER)
        .setIssuedAt(seconds(config.now()))
        .setExpirationTime(seconds(expiresAt))
        .sign(await refreshKey);
    },

    async verifyRefreshToken(token) {
      const payload = await verify(token, refreshKey);
      if (
        payload.typ !== 'refresh' ||
        !isNumericId(payload.sub) ||
        typeof payload.jti !== 'string' ||
        typeof payload.fam !== 'string'
      ) {
        throw new Error('Not a refresh token');
      }
      return payload as unknown as RefreshClaims;
    },

    async signTwoFactorChallenge({ userId, passwordFingerprint, ttlSeconds }) {
      const now = seconds(config.now());
      return new SignJWT({ pwd: passwordFingerprint, typ: 'login-2fa' })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(await challengeKey);
    },

    async verifyTwoFactorChallenge(token) {
      const payload = await verify(token, challengeKey);
      if (
        payload.typ !== 'login-2fa' ||
        !isNumericId(payload.sub) ||
        typeof payload.jti !== 'string' ||
        typeof payload.pwd !== 'string'
      ) {
        throw new Error('Not a two-factor challenge');
      }
      return payload as unknown as TwoFactorChallengeClaims;
    },
  };
}

/** Error thrown by the security handler; the error handler turns any 401 into the 'Unauthorized' Problem. */
class UnauthorizedError extends Error {
  readonly statusCode = 401;
}

/** fastify-openapi-glue securityHandlers: one function per securityScheme name of portal.yaml. */
export function createSecurityHandlers(tokens: TokenService) {
  return {
    async bearerAuth(request: FastifyRequest): Promise<void> {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw new UnauthorizedError('Missing bearer token');
      try {
        const claims = await tokens.verifyAccessToken(match[1]);
        request.userId = Number(claims.sub);
      } catch {
        throw new UnauthorizedError('Invalid or expired access token');
      }
    },
  };
}

export default fp<AuthPluginOptions>(
  async (app, { config, settings }) => {
    const secret =
      config.jwtSecret ?? (await settings.getOrCreate('jwt_secret', () => randomBytes(48).toString('base64url')));
    app.decorate('tokens', createTokenService(secret, config));
    app.decorate('deviceCookies', createDeviceCookies(deriveKey(secret, 'device-cookie'), config));
    app.decorate(
      'fileLinks',
      createFileLinks(deriveKey(secret, 'file-link'), () => config.now()),
    );
    app.decorate('secretBox', createSecretBox(deriveKey(secret, 'totp-secret')));
    app.decorate('fingerprintKey', deriveKey(secret, 'idempotency-fingerprint'));
    app.decorateRequest('userId', 0);
  },
  { name: 'auth' },
);
