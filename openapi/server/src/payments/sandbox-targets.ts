/**
 * Where the payment sandboxes may send a buyer or a notification. A real provider redirects to
 * whatever its merchant signed; our sandboxes have no merchants but this server, and their
 * credentials are public, so anyone could sign a form. Left open they were an open redirect
 * (`/sandbox/card/checkout` answered 303 to any redirect_url) and a request forger (the PayFast
 * sandbox posted its ITN to any notify_url). So: the ITN goes only to this server's own notify
 * URL, and every redirect only to this server's origin.
 */

/** The one URL the PayFast sandbox posts ITNs to: the portal's notify operation under `publicUrl`. */
export function ownNotifyUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1/payment/payfast/notify`;
}

/** Whether `url` is exactly this server's notify URL (compared after URL parsing, so `..` cannot sneak past). */
export function isOwnNotifyUrl(url: string, publicUrl: string): boolean {
  const parsed = parse(url);
  return (
    parsed !== null &&
    parsed.search === '' &&
    parsed.hash === '' &&
    parsed.href === parse(ownNotifyUrl(publicUrl))?.href
  );
}

/** Whether `url` is an absolute URL on `publicUrl`'s origin (scheme, host and port). */
export function isOwnOrigin(url: string, publicUrl: string): boolean {
  const parsed = parse(url);
  const own = parse(publicUrl);
  return parsed !== null && own !== null && parsed.origin === own.origin;
}

/** `publicUrl`'s origin, for the messages that name it. */
export function originOf(publicUrl: string): string {
  return parse(publicUrl)?.origin ?? publicUrl;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
