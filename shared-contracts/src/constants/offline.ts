/**
 * What the offline queue, the server's idempotency and the update notice agree on
 * (account-area.md sections 4 and 5; issue 16). The server imports the header name through
 * `@pod/shared-contracts/constants`.
 */

/** The request header that makes a mutating call safe to repeat: the server answers a repeat with the first result. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set on an answer the server replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The offline banner (account-area.md section 5): title and text. */
export const OFFLINE_BANNER = {
  title: 'No Internet Connection',
  message: 'You are currently in offline mode. Some features may not work as expected.',
} as const;

/** The alerts of a queued mutation, by what the call does (section 5's exact wording). */
export const QUEUED_ALERTS = {
  submit: 'No network connection - Data will be submitted when connection is restored',
  delete: 'No network connection - Item will be deleted when connection is restored',
  update: 'No network connection - Item will be updated when connection is restored',
} as const;

/** The progress alert while the queue is replayed (section 4). */
export const CONNECTION_RESTORED = 'Connection restored';

/**
 * The window event announcing a new version of the portal (section 4: "a new version is
 * announced with an event"). Its `detail` is a {@link NewVersionDetail}; remotes listen with
 * `window.addEventListener(NEW_VERSION_EVENT, ...)`.
 */
export const NEW_VERSION_EVENT = 'pod:new-version';

/** The `detail` of {@link NEW_VERSION_EVENT}. */
export interface NewVersionDetail {
  /** What changed: the host's service worker (a new shell) or the remotes configuration (a remote deployed). */
  readonly source: 'service-worker' | 'remotes';
}
