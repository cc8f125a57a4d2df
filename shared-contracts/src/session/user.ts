import type { components } from '../api/schema';

/** The signed-in user as stored locally (portal.yaml `User`, plus the decoded token payload). */
export type User = components['schemas']['User'] & { tokenPayload?: AccessTokenPayload };

/** Claims of the access token that the client reads. */
export interface AccessTokenPayload {
  sub?: string;
  email?: string;
  name_first?: string;
  name_last?: string;
  user_status?: number;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}
