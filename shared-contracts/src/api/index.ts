export { client, OFFLINE_ERROR_CODE, sendQueuedRequest, SESSION_EXPIRED_ALERT } from './client';
export {
  isApiReachable,
  isNetworkFailure,
  isQueuedOffline,
  QueuedOfflineError,
  reportApiReachable,
  setOfflineQueue,
  subscribeApiReachability,
  type OfflineQueueHandler,
  type OfflineRequest,
} from './offline';
export {
  isMutatingMethod,
  NEVER_QUEUED,
  neverQueuedReason,
  OFFLINE_NOT_SAVED_MESSAGE,
  OFFLINE_REQUIRED_MESSAGES,
  queuedAlertKind,
  type NeverQueuedReason,
  type QueuedAlertKind,
} from './offline-policy';
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
