// Subresource integrity of the remotes (issue 19): a remote may be served from another origin (a
// team's bucket, a CDN), so the page checks what it loads against hashes it got from the portal:
//
//   remotes.json `integrity`   pins  a remote's mf-manifest.json   (checked here, crypto.subtle)
//   mf-manifest.json           pins  remoteEntry.js and its files  (`metaData.pod.integrity`; the
//                                    browser checks the script and preload tags we give them)
//   remoteEntry.js             pins  its chunks                    (its own webpack runtime)
//
// Plain code with no shared module: the entry chunk's early loading uses it before the shared
// singletons load (like release-share.ts).

/** The hash functions of the SRI grammar, strongest last (the strongest present decides). */
const ALGORITHMS = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' } as const;
type Algorithm = keyof typeof ALGORITHMS;
const STRENGTH: readonly Algorithm[] = ['sha256', 'sha384', 'sha512'];

/** What crypto.subtle offers that a check needs (injected in tests). */
export type DigestApi = Pick<SubtleCrypto, 'digest'>;

/** How a check came out: `unverifiable` where the browser has no crypto.subtle (see README). */
export type IntegrityVerdict = 'match' | 'mismatch' | 'unverifiable';

/** A file whose bytes are not the ones the portal pinned: never used, never retried. */
export class IntegrityError extends Error {
  override name = 'IntegrityError';

  constructor(
    /** The remote it belongs to (`remote_account`), when known. */
    readonly remote: string | undefined,
    /** The file's absolute URL. */
    readonly url: string,
    /** The integrity it should have had. */
    readonly expected: string,
    /** The sha384 of what arrived (absent when the browser reported only a failed load). */
    readonly actual?: string,
  ) {
    super(
      `${url} failed its integrity check: expected ${expected}${actual ? `, received ${actual}` : ''}` +
        `${remote ? ` (${remote} was not loaded)` : ''}`,
    );
  }
}

/** Whether an error is a refusal for integrity (the remote boundary shows its own notice). */
export function isIntegrityRefusal(error: unknown): error is IntegrityError {
  return error instanceof IntegrityError;
}

function absolute(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

function defaultBase(): string {
  return globalThis.location?.href ?? 'http://localhost/';
}

function defaultDigestApi(): DigestApi | undefined {
  // Only in secure contexts (https, localhost): see "crypto.subtle" in host/README.md.
  return globalThis.crypto?.subtle;
}

/** The hashes of an SRI metadata string (`sha384-<base64> sha512-<base64>`), options dropped. */
export function parseIntegrity(metadata: string): Array<{ algorithm: Algorithm; digest: string }> {
  return metadata
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((token) => {
      const match = /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(?:\?.*)?$/.exec(token);
      return match ? [{ algorithm: match[1] as Algorithm, digest: match[2]! }] : [];
    });
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Checks bytes against SRI metadata as browsers do: the strongest algorithm named decides, and
 * any of its hashes may match. Metadata with no hash this code can read is a mismatch (unlike a
 * browser, which then ignores it): remotes.json is ours, and a pin nobody can check is a broken
 * deploy, not a reason to load unchecked code. `actual` is the hash of the bytes (that algorithm).
 */
export async function checkIntegrity(
  bytes: BufferSource,
  metadata: string,
  digestApi: DigestApi | undefined = defaultDigestApi(),
): Promise<{ verdict: IntegrityVerdict; actual?: string }> {
  const hashes = parseIntegrity(metadata);
  const strongest = STRENGTH.filter((algorithm) => hashes.some((hash) => hash.algorithm === algorithm)).at(-1);
  if (!strongest) return { verdict: 'mismatch' };
  if (!digestApi) return { verdict: 'unverifiable' };
  const digest = toBase64(await digestApi.digest(ALGORITHMS[strongest], bytes));
  const actual = `${strongest}-${digest}`;
  const verdict = hashes.some((hash) => hash.algorithm === strongest && hash.digest === digest) ? 'match' : 'mismatch';
  return { verdict, actual };
}

let warnedUnverifiable = false;

/** Says once per page that manifests are not checked here (no crypto.subtle). */
export function warnUnverifiable(url: string): void {
  if (warnedUnverifiable) return;
  warnedUnverifiable = true;
  console.warn(
    `Remote manifests (${url} and others) are not checked against the integrity in remotes.json: ` +
      'crypto.subtle exists only in secure contexts (https, localhost). Their scripts still carry the integrity the manifests give.',
  );
}

// ---------------------------------------------------------------------------------------------
// What remotes.json pins: manifest URL -> integrity

/** What remotes.json says about one manifest: whose it is and the integrity it must have. */
export interface ManifestPin {
  remote: string;
  integrity: string;
}

interface ConfigShape {
  remotes?: Record<
    string,
    { entry?: unknown; integrity?: unknown; canary?: { entry?: unknown; integrity?: unknown } | null }
  >;
}

/**
 * Every manifest a remotes.json pins, by absolute URL: each remote's entry and its canary's,
 * where they carry `integrity`. The choice between them (release-share.ts) and QA pins need not
 * be known: whichever manifest a page fetches, its URL finds its pin. A pinned version that
 * remotes.json does not name has no pin (host/README.md, "Subresource integrity").
 */
export function manifestPins(config: unknown, base: string = defaultBase()): Map<string, ManifestPin> {
  const pins = new Map<string, ManifestPin>();
  const remotes = (config as ConfigShape | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') return pins;
  for (const [remote, listed] of Object.entries(remotes)) {
    for (const candidate of [listed, listed?.canary]) {
      if (typeof candidate?.entry !== 'string' || typeof candidate.integrity !== 'string') continue;
      const url = absolute(candidate.entry, base);
      if (url) pins.set(url, { remote, integrity: candidate.integrity });
    }
  }
  return pins;
}

let trusted = new Map<string, ManifestPin>();

/**
 * Takes the pins of the remotes.json this page registers its remotes from (bootstrap), and hands
 * the configuration back (for a `.then` chain). Later reads (update checks) do not change them.
 */
export function trustRemotesConfig<T>(config: T, base: string = defaultBase()): T {
  trusted = manifestPins(config, base);
  return config;
}

/** The pin of the manifest at `url`, if remotes.json gave one. */
export function manifestPin(url: string, base: string = defaultBase()): ManifestPin | undefined {
  const key = absolute(url, base);
  return key ? trusted.get(key) : undefined;
}

// ---------------------------------------------------------------------------------------------
// What a checked manifest pins: file URL -> integrity

interface ManifestShape {
  metaData?: { publicPath?: unknown; pod?: { integrity?: unknown } };
}

/**
 * The files a manifest pins (`metaData.pod.integrity`, keyed as the manifest names them), by
 * absolute URL: relative to the manifest's folder for `publicPath: 'auto'` (our builds), else to
 * the folder it names, as the federation runtime and early-loading.ts resolve them.
 */
export function manifestAssetPins(manifest: unknown, manifestUrl: string): Map<string, string> {
  const pins = new Map<string, string>();
  const metaData = (manifest as ManifestShape | null)?.metaData;
  const listed = metaData?.pod?.integrity;
  if (!listed || typeof listed !== 'object') return pins;
  const publicPath =
    typeof metaData.publicPath === 'string' && metaData.publicPath !== 'auto' ? metaData.publicPath : '';
  const base = absolute(publicPath || '.', manifestUrl);
  if (!base) return pins;
  for (const [file, integrity] of Object.entries(listed as Record<string, unknown>)) {
    const url = absolute(file, base);
    if (url && typeof integrity === 'string') pins.set(url, integrity);
  }
  return pins;
}

const assetPins = new Map<string, string>();

/** Remembers the files a manifest that passed its check pins (the retry plugin, early loading). */
export function trustManifestAssets(manifest: unknown, manifestUrl: string): void {
  for (const [url, integrity] of manifestAssetPins(manifest, manifestUrl)) assetPins.set(url, integrity);
}

/** The integrity of the file at `url` as a checked manifest gave it. */
export function assetIntegrity(url: string, base: string = defaultBase()): string | undefined {
  const key = absolute(url, base);
  return key ? assetPins.get(key) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Checking and refusing

/**
 * Reads a manifest answer and checks it against `pin`: resolves with the parsed manifest, rejects
 * with an IntegrityError when the bytes differ (and with a SyntaxError when they are not JSON).
 * Without a pin, or without crypto.subtle (a warning, once), the bytes are taken as they are.
 */
export async function readCheckedManifest(
  response: Response,
  url: string,
  pin: ManifestPin | undefined,
  digestApi: DigestApi | undefined = defaultDigestApi(),
): Promise<unknown> {
  const bytes = await response.clone().arrayBuffer();
  if (pin) {
    const { verdict, actual } = await checkIntegrity(bytes, pin.integrity, digestApi);
    if (verdict === 'mismatch') throw new IntegrityError(pin.remote, url, pin.integrity, actual);
    if (verdict === 'unverifiable') warnUnverifiable(url);
  }
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

const refusals = new Map<string, IntegrityError>();

/**
 * Records a refusal for the rest of the page's life: the remote's loads fail at once with it (no
 * retry, no new request for that file), and its boundary shows the refusal notice. The console
 * gets the technical detail; the page, plain words.
 */
export function refuse(error: IntegrityError): IntegrityError {
  if (!refusals.has(error.url)) console.error(`Refused to run part of the portal: ${error.message}`);
  refusals.set(error.url, error);
  if (error.remote) refusals.set(`remote:${error.remote}`, error);
  return error;
}

/** The refusal of a file (by absolute URL) or of a whole remote (`remote:<name>`), if any. */
export function refusalOf(key: string): IntegrityError | undefined {
  return refusals.get(key);
}

/** The refusal of a remote by its federated name. */
export function remoteRefusal(remote: string): IntegrityError | undefined {
  return refusals.get(`remote:${remote}`);
}

/**
 * Whether the file at `url` is what its manifest pinned, asked again with a fetch after the
 * browser refused to run it (a script or stylesheet error says nothing of why): `mismatch` means
 * tampered, `match` a network failure worth retrying, `unknown` no pin or no answer.
 */
export async function recheckAsset(
  url: string,
  {
    fetchImpl = globalThis.fetch,
    digestApi = defaultDigestApi(),
  }: { fetchImpl?: typeof fetch; digestApi?: DigestApi | undefined } = {},
): Promise<{ verdict: 'match' | 'mismatch' | 'unknown'; expected?: string; actual?: string }> {
  const expected = assetIntegrity(url);
  if (!expected) return { verdict: 'unknown' };
  try {
    // The same mode as the refused tag (crossorigin="anonymous"), revalidated.
    const response = await fetchImpl(url, { mode: 'cors', credentials: 'same-origin', cache: 'no-cache' });
    if (!response.ok) return { verdict: 'unknown', expected };
    const { verdict, actual } = await checkIntegrity(await response.arrayBuffer(), expected, digestApi);
    return { verdict: verdict === 'unverifiable' ? 'unknown' : verdict, expected, actual };
  } catch {
    return { verdict: 'unknown', expected };
  }
}

/** What a federation module load (`remote_account/App`) needs: see remote-loader.ts. */
type ModuleImporter = (id: string) => Promise<unknown>;

/** The URL of a chunk webpack failed to load (its ChunkLoadError's `request`). */
function chunkRequest(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { name, request } = error as { name?: unknown; request?: unknown };
  return name === 'ChunkLoadError' && typeof request === 'string' ? request : undefined;
}

/**
 * Fails at once the loads of a remote refused for integrity, turns a failed load of a remote
 * refused meanwhile into that refusal (the runtime wraps what our plugin threw into its own
 * errors), and checks a chunk the remote's runtime
 * could not load against its manifest's pin: a mismatch is a refusal too. Covers the module and
 * its App's `preloadRoute` (the first screen's chunks); chunks a remote loads later by itself
 * are still refused by the browser, with the usual notice.
 */
export function withIntegrityRefusals(
  load: ModuleImporter,
  recheck: (url: string) => ReturnType<typeof recheckAsset> = (url) => recheckAsset(url),
): ModuleImporter {
  async function explain(remote: string, error: unknown): Promise<unknown> {
    const refused = remoteRefusal(remote);
    if (refused) return refused;
    const url = chunkRequest(error);
    if (!url) return error;
    const { verdict, expected, actual } = await recheck(url);
    return verdict === 'mismatch' && expected ? refuse(new IntegrityError(remote, url, expected, actual)) : error;
  }
  return async (id) => {
    const remote = id.split('/')[0] ?? id;
    // Refused once, refused for the page's life: no new request for a file known to be tampered.
    const refused = remoteRefusal(remote);
    if (refused) throw refused;
    let loaded: unknown;
    try {
      loaded = await load(id);
    } catch (error) {
      throw await explain(remote, error);
    }
    const preloadRoute = (loaded as { preloadRoute?: unknown } | null)?.preloadRoute;
    if (typeof preloadRoute !== 'function') return loaded;
    return {
      ...(loaded as object),
      preloadRoute: async (pathname: string) => {
        try {
          await (preloadRoute as (pathname: string) => Promise<void>)(pathname);
        } catch (error) {
          throw await explain(remote, error);
        }
      },
    };
  };
}

/** Forgets every pin and refusal (tests). */
export function resetIntegrityState(): void {
  trusted = new Map();
  assetPins.clear();
  refusals.clear();
  warnedUnverifiable = false;
}
