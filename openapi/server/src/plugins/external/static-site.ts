import { readFile, stat } from 'node:fs/promises';
import { posix, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { SIGNED_IN_HINT_COOKIE } from '@pod/shared-contracts/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { remoteOriginsOf } from '../../domain/content-security-policy.js';
import { problem } from '../../errors.js';
import fp from 'fastify-plugin';

export interface StaticSiteOptions {
  /**
   * The static root: index.html and host assets at the top, remotes/<dir>/<version>/...,
   * environments/<env>/remotes.json (see .ci/README.md).
   */
  root: string;
  /** Whose remotes.json GET /remotes.json answers; default `app.config.portalEnv` (env PORTAL_ENV). */
  environment?: string;
}

/** The runtime configuration the host fetches (host/src/federation/remote-registry.ts). */
const REMOTES_CONFIG = 'remotes.json';

/**
 * Where GET /remotes.json is read from, first match wins: the environment's file, then a
 * remotes.json at the root (static roots published before environments existed).
 */
export function remotesConfigCandidates(environment: string): string[] {
  return [posix.join('environments', environment, REMOTES_CONFIG), REMOTES_CONFIG];
}

/** Entry points that must be revalidated on every load, or a deploy would not reach returning users. */
const NO_CACHE_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'remotes.json', 'index.html', 'sw.js']);
/** Content-hashed file names (main.3f9a8b7c.js, 412.a1b2c3d4e5.chunk.css): a hex hash of 8+ with a digit. */
const HASHED_FILE = /[.-](?=[0-9a-f]*\d)[0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;

/**
 * Build by-products that must never be served, even when an old publish left them in the root:
 * source maps (the full sources) and Module Federation's build statistics (module graph, paths).
 * The builds keep them out of what they publish (.ci/lib/static-root.mjs); this is the second line.
 */
export function isUnpublished(relativePath: string): boolean {
  const name = posix.basename(relativePath);
  return name.endsWith('.map') || name === 'mf-stats.json';
}

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control for a file path relative to the root (posix separators, no leading slash). */
export function cacheControlFor(relativePath: string): string {
  const name = posix.basename(relativePath);
  if (NO_CACHE_FILES.has(name)) return NO_CACHE;
  // Remotes are served from versioned folders, so everything else under remotes/ never changes.
  if (relativePath.startsWith('remotes/') || HASHED_FILE.test(name)) return IMMUTABLE;
  // Unhashed host files (favicon, manifest.webmanifest, icons) are revalidated via ETag.
  return NO_CACHE;
}

/**
 * Whether an answer for this path is open to every origin (CORS `Access-Control-Allow-Origin: *`):
 * everything under /remotes/, found or not. A remote version served from here may be loaded by a
 * portal on another origin (issue 19): its manifest is read with fetch() and its scripts and
 * stylesheets carry `crossorigin` and `integrity`, all CORS requests. `*` rather than a list of
 * portal origins: these files are public code (any page may already run them with a plain script
 * tag), the requests carry no credentials (`crossorigin="anonymous"`, fetch's same-origin
 * credentials), and one answer for every origin needs no `Vary: Origin`, so a CDN keeps one copy
 * and no forgotten origin (a preview, a new environment) breaks. Nothing else here is shared:
 * remotes.json, the host and the API stay same-origin. A 404 is open too, so a portal elsewhere
 * sees the status (not a network error to retry).
 */
export function isSharedAcrossOrigins(relativePath: string): boolean {
  return relativePath === 'remotes' || relativePath.startsWith('remotes/');
}

/** How long the remote origins read from remotes.json are reused (deploys rewrite the file). */
export const REMOTE_ORIGINS_CACHE_MS = 5_000;

/**
 * Reads the origins of the remotes named by the environment's remotes.json (the file GET
 * /remotes.json answers), for the Content-Security-Policy; re-read at most every `cacheMs` by
 * the clock `now`, so a deploy that points a remote at another origin is followed within
 * seconds without reading the file on every answer. A missing or broken file gives no origins.
 */
export function createRemoteOriginsReader(options: {
  root: string;
  environment: string;
  now: () => Date;
  cacheMs?: number;
}): () => Promise<string[]> {
  const root = resolve(options.root);
  const cacheMs = options.cacheMs ?? REMOTE_ORIGINS_CACHE_MS;
  let cached: { at: number; origins: Promise<string[]> } | undefined;

  async function read(): Promise<string[]> {
    for (const candidate of remotesConfigCandidates(options.environment)) {
      try {
        return remoteOriginsOf(JSON.parse(await readFile(resolve(root, candidate), 'utf8')));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return [];
      }
    }
    return [];
  }

  return () => {
    const now = options.now().getTime();
    if (!cached || now - cached.at >= cacheMs || now < cached.at) cached = { at: now, origins: read() };
    return cached.origins;
  };
}

/**
 * The host page with a screen pre-rendered into it, for the paths that have one (the host's
 * build writes them beside index.html, host/webpack.config.js):
 * - /login: login.html, the sign-in card, painted before any script runs;
 * - a signed-in page (/dashboard, /checkout/cart...): shell-dashboard.html, shell-checkout-cart.html,
 *   the shell and the page's heading, but only for a browser that sends the signed-in hint cookie
 *   (set by the session code beside the stored user; a hint, never a credential: the page holds
 *   nothing personal, and the API still wants the bearer token). Without the hint a signed-out
 *   visitor gets the plain index.html, never a signed-in frame before /login; a signed-in user
 *   never gets the sign-in card.
 * A page the build did not write falls back to index.html.
 */

/** Paths a pre-rendered page may be named after: lowercase words and hyphens, nothing else. */
const PAGE_PATH = /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

/** Whether a Cookie header carries the signed-in hint (`pod-signed-in=1`). */
export function hasSignedInHint(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

export function prerenderedPageFor(wantedPath: string, cookieHeader?: string): string | undefined {
  if (wantedPath === '/login') return 'login.html';
  if (!hasSignedInHint(cookieHeader) || !PAGE_PATH.test(wantedPath)) return undefined;
  return `shell${wantedPath.replace(/\//g, '-')}.html`;
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built host and remotes in the one-process default. The API keeps precedence (its routes
 * are more specific than the catch-all); unknown files fall back to index.html for browser navigations
 * (SPA routes), except under /remotes/, where a missing file is a real 404: a dead remote must look dead.
 */
export default fp<StaticSiteOptions>(
  async (app, options) => {
    const root = resolve(options.root);
    // app.config is absent only when the plugin is registered on a bare instance (tests).
    const environment = options.environment ?? app.config?.portalEnv ?? 'local';
    // serve: false: only reply.sendFile is wanted; routing and fallbacks are ours.
    // preCompressed: the builds write .br and .gz beside each text file above 1 KiB
    // (shared-contracts/build/compress-assets.cjs); a client accepting one gets it, the others the
    // file itself. Files without them (remotes.json, small files, older static roots) are
    // compressed on the fly by compression.ts when the app registers it.
    // cacheControl false here, not only per sendFile: when a .br or .gz is missing, @fastify/static
    // (8.3.0) retries with the plugin's options alone, and send's own Cache-Control would win.
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false });

    async function isFile(relativePath: string): Promise<boolean> {
      const absolute = resolve(root, relativePath);
      if (absolute !== root && !absolute.startsWith(root + sep)) return false;
      try {
        return (await stat(absolute)).isFile();
      } catch {
        return false;
      }
    }

    function send(reply: FastifyReply, relativePath: string, varyOnCookie = false) {
      reply.header('cache-control', cacheControlFor(relativePath));
      if (isSharedAcrossOrigins(relativePath)) reply.header('access-control-allow-origin', '*');
      // One URL, up to three encodings: caches must key on Accept-Encoding, even for the identity answer;
      // a page chosen by the signed-in hint, on Cookie too.
      reply.header('vary', varyOnCookie ? 'accept-encoding, cookie' : 'accept-encoding');
      return reply.sendFile(relativePath, { cacheControl: false });
    }

    async function serve(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
      const wanted = posix.normalize(`/${request.params['*'] ?? ''}`);
      const relativePath = wanted === '/' ? 'index.html' : wanted.slice(1);

      // The router ignores trailing slashes, so '/remotes/' and '/api/' arrive without theirs.
      if (wanted === '/api' || wanted.startsWith('/api/')) return reply.callNotFound();
      if (isUnpublished(relativePath)) return reply.callNotFound();
      if (relativePath === REMOTES_CONFIG) {
        for (const candidate of remotesConfigCandidates(environment)) {
          if (await isFile(candidate)) return send(reply, candidate);
        }
        return reply.callNotFound();
      }
      if (!relativePath.split('/').includes('..') && (await isFile(relativePath))) {
        return send(reply, relativePath);
      }
      if (wanted === '/remotes' || wanted.startsWith('/remotes/') || !acceptsHtml(request)) {
        if (isSharedAcrossOrigins(relativePath)) reply.header('access-control-allow-origin', '*');
        return reply.callNotFound();
      }
      if (!(await isFile('index.html'))) {
        request.log.warn({ root }, 'index.html not found: the front end has not been built');
        return reply
          .code(404)
          .send(problem(404, 'The front end has not been built yet (no index.html in STATIC_ROOT)'));
      }
      const variant = prerenderedPageFor(wanted, request.headers.cookie);
      const byCookie = wanted !== '/login';
      if (variant && (await isFile(variant))) return send(reply, variant, byCookie);
      return send(reply, 'index.html', byCookie);
    }

    app.get('/*', serve);
  },
  { name: 'static-site' },
);
