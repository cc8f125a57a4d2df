import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_CONTENT_SECURITY_POLICY,
  originsOf,
  portalContentSecurityPolicy,
} from '../../domain/content-security-policy.js';
import type { PaymentSettings } from '../../payments/index.js';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Where the payment providers live: the EFT form posts to PayFast, the card page is framed. */
  payments: Pick<PaymentSettings, 'payfast' | 'card'>;
  /**
   * Origins of remotes served from elsewhere (read from the environment's remotes.json by the
   * static site, cached briefly); none when the app serves no front end.
   */
  remoteOrigins?: () => Promise<string[]>;
  /** The prefix whose answers are API answers (no-store, the API's policy). */
  apiPrefix: string;
}

/**
 * Features no page of the portal uses (the signature pad and uploads need none of them), off
 * for the portal and for every frame it embeds. Only features Chromium knows, so the header
 * logs no warnings.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * Full URLs only to the portal itself: payment returns (/dashboard?tx_ref=...) and e-mailed links
 * (/reset-password?token=...) carry secrets in the query, which other origins (remote CDNs,
 * Takealot links, providers) must never see. 'no-referrer' would also blank the Origin header of
 * form posts, which providers and CSRF checks may rely on.
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Static answers that never become a document or a worker: what pages load with <script>,
 * <link>, <img> and fetch. They carry `nosniff` and none of the document headers (policy,
 * features, opener, framing, referrer): a browser applies those only to documents and workers,
 * and on HTTP/1.1 they cost ~600 bytes per file, ten of the sign-in page's ~190 KiB (issue 18).
 * SVG stays out: opened on its own it is a document that can run script.
 */
const SUBRESOURCE_TYPE =
  /^(?:application\/javascript|text\/javascript|text\/css|font\/|image\/(?:png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon)|application\/(?:manifest\+)?json)\b/;

/**
 * Scripts that run as workers take their policy from their own answer: the service worker
 * (sw.js) and every worker chunk, which webpack names after its source (`md5.worker.ts` ->
 * `…_md5_worker_ts.<hash>.js`, pdf.js's `pdf.worker.min.<hash>.mjs`).
 */
export function isWorkerScript(urlPath: string): boolean {
  const name = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return name === 'sw.js' || /worker/i.test(name);
}

/** The same files by name, for a 304, which carries no content type. */
const SUBRESOURCE_EXTENSION = /\.(?:m?js|css|json|webmanifest|png|jpe?g|gif|webp|avif|ico|woff2?)$/i;

/** A successful static answer (or its 304) of a subresource that is not a worker script. */
function isPlainSubresource(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = request.url.split('?', 1)[0]!;
  const type = reply.getHeader('content-type');
  if (reply.statusCode === 304 && type === undefined) {
    if (!SUBRESOURCE_EXTENSION.test(path)) return false;
  } else if (reply.statusCode >= 300 || !SUBRESOURCE_TYPE.test(String(type ?? ''))) {
    return false;
  }
  return !isWorkerScript(path);
}

/**
 * Sets the security headers on every answer (API, pages, 404s, errors; static scripts, styles,
 * images and JSON get `nosniff` alone, see SUBRESOURCE_TYPE) in onSend, so nothing a route or
 * the error handler does can skip them. A header the route set itself wins:
 * the dev mailbox and the payment sandbox pages send their own, stricter policies (the card
 * sandbox page must stay framable by the portal).
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const formTargets = originsOf([options.payments.payfast.processUrl]);
    const frameSources = originsOf([options.payments.card.popupUrl]);
    const remoteOrigins = options.remoteOrigins ?? (async () => []);
    const isApi = (request: FastifyRequest) =>
      request.url === options.apiPrefix ||
      request.url.startsWith(`${options.apiPrefix}/`) ||
      request.url.startsWith(`${options.apiPrefix}?`);

    function setIfMissing(reply: FastifyReply, name: string, value: string) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }

    app.addHook('onSend', async (request, reply, payload) => {
      setIfMissing(reply, 'x-content-type-options', 'nosniff');
      if (!isApi(request) && isPlainSubresource(request, reply)) return payload;
      setIfMissing(reply, 'referrer-policy', REFERRER_POLICY);
      setIfMissing(reply, 'permissions-policy', PERMISSIONS_POLICY);
      // The card checkout is an iframe and PayPal/PayFast are top-level navigations: no flow
      // needs a cross-origin window.opener, so the portal can have a browsing context group of its own.
      setIfMissing(reply, 'cross-origin-opener-policy', 'same-origin');

      if (isApi(request)) {
        // Personal data: never kept by browsers or shared caches. Unconditional on purpose, but
        // for the successful answers (and 304 revalidations) of a route that sets its own
        // (config.ownCacheControl: the signed file links, `private` and short, services/files.ts;
        // the public legal documents, services/legal-documents.ts).
        const own = request.routeOptions.config as { ownCacheControl?: boolean } | undefined;
        const fresh = reply.statusCode < 300 || reply.statusCode === 304;
        if (!(own?.ownCacheControl && fresh && reply.hasHeader('cache-control'))) {
          reply.header('cache-control', 'no-store');
        }
        setIfMissing(reply, 'content-security-policy', API_CONTENT_SECURITY_POLICY);
      } else if (!reply.hasHeader('content-security-policy')) {
        const policy = portalContentSecurityPolicy({ remoteOrigins: await remoteOrigins(), formTargets, frameSources });
        reply.header('content-security-policy', policy);
        // frame-ancestors 'none' for browsers that only know the older header.
        setIfMissing(reply, 'x-frame-options', 'DENY');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
