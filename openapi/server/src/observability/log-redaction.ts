import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** What replaces a secret in a log line. */
export const REDACTED = '[redacted]';

/**
 * API paths whose later segments are secrets from an e-mailed link (verification, password reset,
 * re-sign), the payment return's signed parts, an e-mail address (forgot password), or a signed
 * file link's token (a credential while it lives). Group 1 is what stays readable.
 */
const SECRET_PATHS: readonly RegExp[] = [
  /^(\/api\/v1\/user\/(?:verifyaccount|pwdlinkcheck|resign)\/[^/?]*)\/[^?]*/,
  /^(\/api\/v1\/files)\/[^?]*/,
  /^(\/api\/v1\/user\/forgotpwd)\/[^?]*/,
  /^(\/api\/v1\/user\/posttransactionpayfast\/[^/?]*)\/[^?]*/,
];

/** Query parameters that carry secrets: the e-mailed links' `token` (/verify, /reset-password) and kin. */
const SECRET_QUERY_KEYS = /^(?:token|access_?token|refresh_?token|signature|secret|password|key|code)$/i;

/** `url` (path and query of a request) with link secrets replaced by {@link REDACTED}. */
export function redactUrl(url: string): string {
  const [rawPath, query] = splitOnce(url, '?');
  const path = SECRET_PATHS.reduce((redacted, pattern) => redacted.replace(pattern, `$1/${REDACTED}`), rawPath);
  if (query === undefined) return path;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const [key = '', value] = splitOnce(pair, '=');
      return value !== undefined && SECRET_QUERY_KEYS.test(safeDecode(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${redactedQuery}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The server's logger: pino at `level`, request lines without link secrets, and every field that
 * could hold a credential (headers, bodies, tokens) censored wherever a log call passes it.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream && { stream }),
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.socket?.remoteAddress,
          remotePort: request.socket?.remotePort,
        };
      },
    },
    redact: {
      censor: REDACTED,
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'password',
        'token',
        'accessToken',
        'refreshToken',
        'link',
        // Two-factor sign-in: the challenge, a TOTP secret (also inside its URI and QR code), recovery codes.
        'challenge',
        'secret',
        'otpauthUri',
        'qrSvg',
        'recoveryCodes',
        '*.challenge',
        '*.secret',
        '*.otpauthUri',
        '*.qrSvg',
        '*.recoveryCodes',
        '*.password',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.link',
        // Bank details (wizard contracts, profile): never logged, wherever a log call passes them.
        'account_number',
        'international_iban_number',
        '*.account_number',
        '*.international_iban_number',
        'bankInfo.account_number',
        'bankInfo.international_iban_number',
        '*.bankInfo.account_number',
        '*.bankInfo.international_iban_number',
        // Drawn signatures and initials (data URLs): personal, and far too long for a log line.
        'filedata',
        'fileData',
        'initial_base64',
        '*.filedata',
        '*.fileData',
        '*.initial_base64',
      ],
    },
  };
}
