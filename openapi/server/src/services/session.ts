import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { RefreshTokenRow, UserRow } from '../plugins/external/db-schema.js';
import type { components } from '@pod/shared-contracts/api/schema';

/** An access and refresh token, as portal.yaml's TokenPair. */
export type TokenPair = components['schemas']['TokenPair'];

/** Issues access/refresh pairs. Shared by login, registration and refresh. */
export interface SessionIssuer {
  /** A new family (login, registration): the absolute 30-day clock starts now. */
  start(user: UserRow): Promise<TokenPair>;
  /** Signs the pair for an already stored refresh-token row (rotation). */
  sign(user: UserRow, token: RefreshTokenRow): Promise<TokenPair>;
}

export function createSessionIssuer(app: FastifyInstance, config: AppConfig): SessionIssuer {
  const { tokens, refreshTokenRepository } = app;

  async function sign(user: UserRow, token: RefreshTokenRow): Promise<TokenPair> {
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccessToken(user),
      tokens.signRefreshToken({
        userId: user.id,
        jti: token.id,
        familyId: token.family_id,
        expiresAt: token.expires_at,
      }),
    ]);
    return { accessToken, refreshToken };
  }

  return {
    async start(user) {
      const now = config.now();
      const familyExpiresAt = new Date(now.getTime() + config.refreshFamilyTtlSeconds * 1000);
      const row: RefreshTokenRow = {
        id: randomUUID(),
        user_id: user.id,
        family_id: randomUUID(),
        parent_id: null,
        issued_at: now,
        expires_at: familyExpiresAt,
        family_expires_at: familyExpiresAt,
        used_at: null,
        revoked_at: null,
        revoke_reason: null,
      };
      await refreshTokenRepository.insert(row);
      return sign(user, row);
    },
    sign,
  };
}
