import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Tuning of {@link retryPlugin}. */
export interface RetryOptions {
  /** Attempts after the first one (default 2). */
  retries?: number;
  /** Wait before the first retry, doubled before each next one (default 400 ms). */
  delayMs?: number;
  /** Checks a fetched manifest; throwing refuses it without retrying. */
  validateManifest?: (manifest: unknown) => void;
  /** Injected in tests. */
  fetchImpl?: typeof fetch;
}

/** An error no retry can fix (a 404, a page that is not a manifest, a refused contract). */
class PermanentError extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoff = (delayMs: number, attempt: number) => delayMs * 2 ** (attempt - 1);

/** Statuses worth another try: the server or a proxy on the way may recover in a moment. */
function isTransient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Fetches a remote's mf-manifest.json, bypassing stale HTTP caches, retrying network
 * failures and transient statuses with a short backoff. Resolves with a response whose body
 * is a manifest that passed `validateManifest`; rejects otherwise.
 */
export async function fetchManifest(url: string, init: RequestInit, options: RetryOptions = {}): Promise<Response> {
  const { retries = 2, delayMs = 400, validateManifest, fetchImpl = globalThis.fetch } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(backoff(delayMs, attempt));
    try {
      const response = await fetchImpl(url, { ...init, cache: 'no-cache' });
      if (!response.ok) {
        const error = new Error(`${url} answered HTTP ${response.status}`);
        if (!isTransient(response.status)) throw new PermanentError(error.message);
        lastError = error;
        continue;
      }
      let manifest: unknown;
      try {
        manifest = await response.clone().json();
      } catch {
        throw new PermanentError(`${url} is not a federation manifest`);
      }
      try {
        validateManifest?.(manifest);
      } catch (error) {
        throw new PermanentError(error instanceof Error ? error.message : String(error));
      }
      return response;
    } catch (error) {
      if (error instanceof PermanentError) throw error;
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`Could not fetch ${url}`);
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

/**
 * Our runtime plugin for network blips (we do not use @module-federation/retry-plugin, to
 * keep one version of every @module-federation package):
 * - `fetch`: the manifest request, retried by {@link fetchManifest};
 * - `loadEntryError`: a remoteEntry.js script that failed to load is injected again, after
 *   forgetting the failed attempt (the runtime would otherwise hand back the same one).
 * When the retries are spent the load rejects, and the remote's error boundary offers Retry.
 */
export function retryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const { retries = 2, delayMs = 400 } = options;
  const recover = async ({
    getRemoteEntry,
    origin,
    remoteInfo,
    remoteEntryExports,
    globalLoading,
    uniqueKey,
  }: Parameters<LoadEntryError>[0]) => {
    for (let attempt = 1; attempt <= retries; attempt += 1) {
      await sleep(backoff(delayMs, attempt));
      delete globalLoading[uniqueKey];
      try {
        const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
        if (entry) return entry;
      } catch {
        // next attempt
      }
    }
    return undefined;
  };
  return {
    name: 'pod-retry-plugin',
    fetch: (url, init) => fetchManifest(url, init, options),
    // The hook's declared type wraps the result in one Promise too many; the runtime awaits
    // the listener once and takes the container, which is what `recover` resolves with.
    loadEntryError: recover as unknown as LoadEntryError,
  };
}
