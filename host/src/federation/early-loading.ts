import { browserReleaseStorage, chooseEntry, releaseKey, shareBucket, type ReleaseEntry } from './release-share';
import { assetIntegrity, manifestPins, readCheckedManifest, trustManifestAssets } from './integrity';
import { remoteForPath } from './route-remote';

/**
 * Starts what the first screen needs from its remote while the host's own chunks are still
 * arriving: run by the entry chunk (src/index.ts) before the async boundary. index.html has
 * already asked for /remotes.json (a `<link rel="preload" as="fetch" crossorigin>`, which this
 * plain fetch reuses: same URL, mode and credentials); once it answers, the current route's
 * manifest (the canary's when this browser is in its share, chosen as bootstrap will choose) is
 * fetched and its remoteEntry.js and the first chunks of `./App` get preload links.
 * The registry and the retry plugin then take these responses instead of asking again.
 */

const REMOTES_CONFIG_URL = '/remotes.json';
/**
 * Where pin-storage.ts keeps the QA pins (QA_PINS_STORAGE_KEY of shared-contracts, which the
 * entry chunk cannot import: a test keeps the two equal). A pinned page preloads no remote:
 * the pin decides which version loads, and it is checked only later, in bootstrap.
 */
export const PINS_STORAGE_KEY = 'pod-qa-pins';
const PIN_PARAM = 'pin';

let remotesConfig: Promise<Response> | undefined;
const manifests = new Map<string, Promise<Response>>();

/** The early /remotes.json answer, once (later reads, such as update checks, fetch afresh). */
export function takeEarlyRemotesConfig(): Promise<Response> | undefined {
  const taken = remotesConfig;
  remotesConfig = undefined;
  return taken;
}

/** The early answer for the manifest at `url`, once. */
export function takeEarlyManifest(
  url: string,
  base: string = globalThis.location?.href ?? '',
): Promise<Response> | undefined {
  const key = absolute(url, base);
  const taken = key ? manifests.get(key) : undefined;
  if (key) manifests.delete(key);
  return taken;
}

function absolute(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

interface ManifestShape {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; name?: string; assets?: ManifestAssets }>;
}

/** What to preload for a remote's `./App` from its manifest: `[url, as]` pairs, remoteEntry first. */
export function preloadsFromManifest(manifest: unknown, manifestUrl: string): Array<[string, 'script' | 'style']> {
  const { metaData, exposes } = (manifest ?? {}) as ManifestShape;
  const entry = metaData?.remoteEntry;
  if (!entry?.name) return [];
  // 'auto' (our builds): files sit beside the manifest; otherwise the manifest names the folder.
  const publicPath = metaData?.publicPath && metaData.publicPath !== 'auto' ? metaData.publicPath : '';
  const base = absolute(publicPath || '.', manifestUrl);
  if (!base) return [];
  const file = (name: string) => absolute(name, base);
  const found: Array<[string | null, 'script' | 'style']> = [
    [file(`${entry.path ? `${entry.path}/` : ''}${entry.name}`), 'script'],
  ];
  const app = exposes?.find((expose) => expose.path === './App' || expose.name === 'App');
  for (const name of app?.assets?.js?.sync ?? []) found.push([file(name), 'script']);
  for (const name of app?.assets?.css?.sync ?? []) found.push([file(name), 'style']);
  return found.filter((pair): pair is [string, 'script' | 'style'] => pair[0] !== null);
}

function addPreload(doc: Document, href: string, as: 'script' | 'style'): void {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = as;
  // A file the manifest pins is loaded with its integrity and crossorigin="anonymous" (the retry
  // plugin's remoteEntry.js, the remote's own webpack runtime for its chunks): the preload must
  // say the same, or the browser fetches it again. Files without a pin load without either.
  const integrity = assetIntegrity(href);
  if (integrity) {
    link.setAttribute('integrity', integrity);
    link.setAttribute('crossorigin', 'anonymous');
  }
  link.href = href;
  doc.head.appendChild(link);
}

function hasPins(location: Location, storage: Storage | null): boolean {
  if (new URLSearchParams(location.search).has(PIN_PARAM)) return true;
  try {
    return !!storage?.getItem(PINS_STORAGE_KEY);
  } catch {
    return false;
  }
}

export interface EarlyLoadingEnvironment {
  fetchImpl: typeof fetch;
  location: Location;
  document: Document;
  /** Where QA pins are kept (sessionStorage). */
  storage: Storage | null;
  /** Where the release key is kept (localStorage; release-share.ts). */
  releaseStorage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

function browserEnvironment(): EarlyLoadingEnvironment {
  let storage: Storage | null = null;
  try {
    storage = globalThis.sessionStorage;
  } catch {
    // Storage blocked: treated as no pins.
  }
  return {
    fetchImpl: globalThis.fetch.bind(globalThis),
    location: globalThis.location,
    document: globalThis.document,
    storage,
    releaseStorage: browserReleaseStorage(),
  };
}

/**
 * Starts the early requests; never throws (whatever fails here is simply asked again later,
 * with the registry's and the retry plugin's own timeouts and retries). Resolves when done.
 */
export function startEarlyLoading(env: EarlyLoadingEnvironment = browserEnvironment()): Promise<void> {
  const { fetchImpl, location, document: doc, storage, releaseStorage } = env;
  const config = fetchImpl(REMOTES_CONFIG_URL);
  // Keeps an early failure from being reported as unhandled: the registry reads it later.
  config.catch(() => undefined);
  remotesConfig = config;
  const remote = remoteForPath(location.pathname);
  if (!remote || hasPins(location, storage)) return Promise.resolve();
  return config
    .then(async (response) => {
      if (!response.ok) return;
      const parsed = (await response.clone().json()) as { remotes?: Record<string, Partial<ReleaseEntry> | undefined> };
      const listed = parsed.remotes?.[remote];
      if (typeof listed?.entry !== 'string') return;
      // The same choice bootstrap makes (apply-pins.ts): same key, same bucket, same entry.
      const { entry } = chooseEntry(
        { ...listed, entry: listed.entry, version: String(listed.version ?? '') },
        shareBucket(releaseKey(releaseStorage), remote),
      );
      const manifestUrl = absolute(entry, location.href);
      if (!manifestUrl) return;
      // The same request the retry plugin makes (fetchManifestOnce): revalidated, never stale.
      const manifest = fetchImpl(manifestUrl, { cache: 'no-cache' });
      manifest.catch(() => undefined);
      manifests.set(manifestUrl, manifest);
      const answer = await manifest;
      if (!answer.ok) return;
      // Checked as the retry plugin will check it (integrity.ts): one that fails preloads nothing.
      const checked = await readCheckedManifest(
        answer,
        manifestUrl,
        manifestPins(parsed, location.href).get(manifestUrl),
      );
      trustManifestAssets(checked, manifestUrl);
      for (const [href, as] of preloadsFromManifest(checked, manifestUrl)) addPreload(doc, href, as);
    })
    .catch(() => undefined);
}
