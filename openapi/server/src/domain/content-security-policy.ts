/**
 * The Content-Security-Policy of the portal (index.html, host and remote assets) and of the API,
 * as pure functions: the static-site plugin feeds them the remotes.json of its environment and
 * the configured payment providers.
 */

/** What the portal's policy depends on besides its own origin. */
export interface PortalPolicyInputs {
  /** Origins (scheme://host[:port]) of remotes served from elsewhere than the portal itself. */
  remoteOrigins: readonly string[];
  /** Origins the EFT form may be posted to (PayFast's process URL). */
  formTargets: readonly string[];
  /** Origins the card checkout is framed from (the card provider's popup page). */
  frameSources: readonly string[];
}

/**
 * The origin of an absolute http(s) URL, or null for a relative URL (served by the portal itself,
 * covered by 'self') and for anything that is not http(s) (never allowed by this policy).
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
}

/** Distinct origins of the given URLs, in first-seen order (relative URLs drop out). */
export function originsOf(urls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const origin = originOf(url);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/** The `entry` of an object, when it is a string. */
function entryOf(value: unknown): string[] {
  const entry = value && typeof value === 'object' ? (value as { entry?: unknown }).entry : undefined;
  return typeof entry === 'string' ? [entry] : [];
}

/**
 * Remote origins named by a remotes.json document (`{ remotes: { name: { entry, canary: { entry } } } }`):
 * the origin of every absolute `entry`, a canary's included (a share of browsers loads it). Anything
 * malformed contributes nothing, so a broken file narrows the policy instead of widening it.
 */
export function remoteOriginsOf(config: unknown): string[] {
  if (!config || typeof config !== 'object') return [];
  const remotes = (config as { remotes?: unknown }).remotes;
  if (!remotes || typeof remotes !== 'object') return [];
  const entries = Object.values(remotes as Record<string, unknown>).flatMap((remote) => [
    ...entryOf(remote),
    ...entryOf(remote && typeof remote === 'object' ? (remote as { canary?: unknown }).canary : undefined),
  ]);
  return originsOf(entries);
}

const join = (...sources: readonly string[]) => [...new Set(sources)].join(' ');

/**
 * The portal's policy. Scripts only from the portal and its remotes (no 'unsafe-inline', no
 * 'unsafe-eval': the production builds need neither); styles likewise (production CSS is
 * extracted into files by mini-css-extract-plugin, and React sets inline styles through the
 * CSSOM, which style-src does not govern); images also as data: (SVG thumbnails of the library)
 * and blob:; workers from the portal or blob: (pdf.js); frames only from the card provider;
 * forms only to the portal and PayFast; never framed by anyone.
 */
export function portalContentSecurityPolicy({ remoteOrigins, formTargets, frameSources }: PortalPolicyInputs): string {
  const remotes = [...remoteOrigins];
  return [
    "default-src 'self'",
    `script-src ${join("'self'", ...remotes)}`,
    `style-src ${join("'self'", ...remotes)}`,
    `img-src ${join("'self'", 'data:', 'blob:', ...remotes)}`,
    `font-src ${join("'self'", 'data:', ...remotes)}`,
    `connect-src ${join("'self'", ...remotes)}`,
    "worker-src 'self' blob:",
    `frame-src ${join("'self'", ...frameSources)}`,
    `form-action ${join("'self'", ...formTargets)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The policy of every /api/v1 answer: JSON and PDFs that no browser should ever render as a
 * page that loads anything, posts anything or is framed.
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
