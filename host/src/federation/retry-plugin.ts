import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyManifest } from './early-loading';
import {
  assetIntegrity,
  IntegrityError,
  manifestPin,
  readCheckedManifest,
  recheckAsset,
  refusalOf,
  refuse,
  trustManifestAssets,
  type ManifestPin,
} from './integrity';
import { REQUEST_TIMEOUT_MS, TimeoutError, withTimeout } from './timeout';

/** Tuning of {@link retryPlugin}. */
export interface RetryOptions {
  /** Attempts after the first one (default 2). */
  retries?: number;
  /** Wait before the first retry, doubled before each next one (default 400 ms). */
  delayMs?: number;
  /**
   * How long one manifest request or remoteEntry script may take (default 8 s). A request
   * that hangs fails then and is not retried, so the remote's boundary offers Retry instead
   * of a spinner that never ends.
   */
  timeoutMs?: number;
  /** Checks a fetched manifest; throwing refuses it without retrying. */
  validateManifest?: (manifest: unknown) => void;
  /** Injected in tests. */
  fetchImpl?: typeof fetch;
  /** The manifest answer started before the bootstrap ran (default: early-loading.ts's). */
  takeEarly?: (url: string) => Promise<Response> | undefined;
  /** What remotes.json pins about the manifest at `url` (default: integrity.ts's, from bootstrap). */
  pinOf?: (url: string) => ManifestPin | undefined;
  /** Asks again for a remoteEntry.js the browser refused (default: integrity.ts's recheckAsset). */
  recheck?: typeof recheckAsset;
}

/** An error no retry can fix (a 404, a page that is not a manifest, a refused contract). */
class PermanentError extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoff = (delayMs: number, attempt: number) => delayMs * 2 ** (attempt - 1);

/** Statuses worth another try: the server or a proxy on the way may recover in a moment. */
function isTransient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** One request of {@link fetchManifest}; a transient status throws a plain (retried) Error. */
async function fetchManifestOnce(
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  options: RetryOptions,
): Promise<Response> {
  const {
    validateManifest,
    fetchImpl = globalThis.fetch,
    takeEarly = takeEarlyManifest,
    pinOf = manifestPin,
  } = options;
  // The answer the entry chunk already asked for (early-loading.ts), if any; used once, so a
  // retry after a failed early answer asks the network again.
  const response = await (takeEarly(url) ?? fetchImpl(url, { ...init, cache: 'no-cache', signal }));
  if (!response.ok) {
    const message = `${url} answered HTTP ${response.status}`;
    throw isTransient(response.status) ? new Error(message) : new PermanentError(message);
  }
  let manifest: unknown;
  try {
    // Checked against remotes.json's integrity before anything reads it (integrity.ts).
    manifest = await readCheckedManifest(response, absoluteUrl(url), pinOf(url));
  } catch (error) {
    if (error instanceof IntegrityError) throw refuse(error);
    if (signal.aborted) throw error;
    throw new PermanentError(`${url} is not a federation manifest`);
  }
  try {
    validateManifest?.(manifest);
  } catch (error) {
    throw new PermanentError(error instanceof Error ? error.message : String(error));
  }
  // Its files' integrity now holds: remoteEntry.js gets it in createScript.
  trustManifestAssets(manifest, absoluteUrl(url));
  return response;
}

function absoluteUrl(url: string): string {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return url;
  }
}

/**
 * Fetches a remote's mf-manifest.json, bypassing stale HTTP caches, retrying network
 * failures and transient statuses with a short backoff. Each request (body included) must
 * finish within `timeoutMs`; one that hangs fails the load at once (no retry: a server that
 * hangs once mostly hangs again, and the user should see Retry soon). Resolves with a
 * response whose body is a manifest with the integrity remotes.json gives it (if any) that
 * passed `validateManifest`; rejects otherwise. A manifest that failed its integrity check is
 * refused for the rest of the page's life: asked again, it fails at once, with no request.
 */
export async function fetchManifest(url: string, init: RequestInit, options: RetryOptions = {}): Promise<Response> {
  const { retries = 2, delayMs = 400, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const refused = refusalOf(absoluteUrl(url));
  if (refused) throw refused;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(backoff(delayMs, attempt));
    try {
      return await withTimeout(url, timeoutMs, (signal) => fetchManifestOnce(url, init, signal, options));
    } catch (error) {
      if (error instanceof PermanentError || error instanceof TimeoutError || error instanceof IntegrityError)
        throw error;
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`Could not fetch ${url}`);
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type CreateScript = NonNullable<ModuleFederationRuntimePlugin['createScript']>;

/**
 * The script tag for a remote's file: the runtime's `attrs` applied as the runtime would
 * (it skips them when the hook returns a script), and the integrity the file's checked
 * manifest gives it, with `crossorigin="anonymous"` (needed for a file of another origin, and
 * the same as the preload links of early-loading.ts, so the browser reuses what they fetched).
 */
function scriptFor(url: string, attrs: Record<string, unknown> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = attrs['type'] === 'module' ? 'module' : 'text/javascript';
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'async' || name === 'defer') script[name] = Boolean(value);
    else if (name !== 'type' && value !== undefined && value !== null) script.setAttribute(name, String(value));
  }
  const integrity = assetIntegrity(url);
  if (integrity) {
    script.setAttribute('integrity', integrity);
    script.setAttribute('crossorigin', 'anonymous');
  }
  return script;
}

/**
 * Our runtime plugin for network blips (we do not use @module-federation/retry-plugin, to
 * keep one version of every @module-federation package):
 * - `fetch`: the manifest request, checked and retried by {@link fetchManifest};
 * - `createScript`: a remoteEntry.js script gets `timeoutMs` (the runtime's default is 20 s)
 *   and the integrity its manifest gives it;
 * - `loadEntryError`: a remoteEntry.js script that failed to load is injected again, after
 *   forgetting the failed attempt (the runtime would otherwise hand back the same one); one
 *   that used up its whole `timeoutMs` (it hung) is not retried, and one the browser refused
 *   because its bytes are not the pinned ones (asked again to tell) is refused for good.
 * When the retries are spent the load rejects, and the remote's error boundary offers Retry.
 */
export function retryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const { retries = 2, delayMs = 400, timeoutMs = REQUEST_TIMEOUT_MS, recheck = recheckAsset } = options;
  // When each remote's latest remoteEntry script was created, and its URL. The runtime tells
  // loadEntryError that a script failed, not why; a failure that came only after the whole
  // timeout is a hang, and retrying it would only keep the user waiting longer.
  const scriptStarted = new Map<string, number>();
  const scriptUrl = new Map<string, string>();
  const createScript: CreateScript = ({ url, attrs, remoteInfo }) => {
    if (remoteInfo) {
      scriptStarted.set(remoteInfo.name, Date.now());
      scriptUrl.set(remoteInfo.name, url);
    }
    return { script: scriptFor(url, attrs), timeout: timeoutMs };
  };
  /** Whether the failed script was refused for its bytes: then it is refused for good. */
  const tampered = async (name: string): Promise<boolean> => {
    const url = scriptUrl.get(name);
    if (!url || !assetIntegrity(url)) return false;
    if (refusalOf(absoluteUrl(url))) return true;
    const { verdict, expected, actual } = await recheck(url);
    if (verdict !== 'mismatch' || !expected) return false;
    refuse(new IntegrityError(name, absoluteUrl(url), expected, actual));
    return true;
  };
  const hung = (name: string) => {
    const started = scriptStarted.get(name);
    return started !== undefined && Date.now() - started >= timeoutMs;
  };
  const recover = async ({
    getRemoteEntry,
    origin,
    remoteInfo,
    remoteEntryExports,
    globalLoading,
    uniqueKey,
  }: Parameters<LoadEntryError>[0]) => {
    if (hung(remoteInfo.name) || (await tampered(remoteInfo.name))) return undefined;
    for (let attempt = 1; attempt <= retries && !hung(remoteInfo.name); attempt += 1) {
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
    createScript,
    // The hook's declared type wraps the result in one Promise too many; the runtime awaits
    // the listener once and takes the container, which is what `recover` resolves with.
    loadEntryError: recover as unknown as LoadEntryError,
  };
}
