import type { ProviderName } from './types.js';

/**
 * A provider could not be asked or gave an answer the gateway cannot use: a network failure or
 * timeout, a 5xx, a refused configuration (401/403) or a malformed body. Gateways throw it where
 * "the provider said no" (null, false) would be a lie; the caller answers a retryable error and
 * credits nothing.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    readonly provider: ProviderName,
    message: string,
    /** The provider's HTTP status, when it answered at all. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
