export { client, SESSION_EXPIRED_ALERT } from './client';
export { API_BASE } from './bare-client';
export {
  ApiError,
  alertMessage,
  isUnauthorized,
  SIGN_IN_REQUIRED_MESSAGE,
  toApiError,
  unwrap,
  type ProblemBody,
} from './errors';
export type { paths, components, operations } from './schema';
