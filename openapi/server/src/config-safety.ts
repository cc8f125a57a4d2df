import type { AppConfig } from './config.js';
import { CARD_SANDBOX_KEYS, PAYFAST_SANDBOX_MERCHANT, PAYPAL_SANDBOX_CREDENTIALS } from './payments/index.js';

/**
 * What a production server must not start with. A probe "paid" through the built-in PayFast
 * sandbox of a server running NODE_ENV=production and was credited money nobody paid: every
 * default of this server is made for an offline demo, so production has to prove it changed them.
 * Each kind of reason can be allowed by its own variable (a staging box that really wants the
 * sandbox), never by one switch for all.
 */

/** The variables that allow one kind of reason each. */
export const ALLOW = {
  paymentSandbox: 'ALLOW_PAYMENT_SANDBOX',
  testCredentials: 'ALLOW_TEST_CREDENTIALS',
  databaseJwtSecret: 'ALLOW_DATABASE_JWT_SECRET',
  weakJwtSecret: 'ALLOW_WEAK_JWT_SECRET',
  devMailbox: 'ALLOW_DEV_MAILBOX',
  localPublicUrl: 'ALLOW_LOCAL_PUBLIC_URL',
  pushLocalEndpoints: 'ALLOW_PUSH_LOCAL_ENDPOINTS',
} as const;

/** HS256 wants a key at least as long as its hash: 32 bytes. */
export const MIN_JWT_SECRET_BYTES = 32;

/** Secrets that appear in this repository or in examples: long enough, but public. */
const KNOWN_DEVELOPMENT_SECRETS = new Set(['test-only-secret-0123456789abcdef']);
const PLACEHOLDER = /change[-_ ]?me/i;

/** Hosts of the providers' own sandboxes: test money, just like ours. */
const PROVIDER_SANDBOX_HOSTS = ['sandbox.payfast.co.za', 'sandbox.paypal.com'];

/** Flutterwave-style test keys (FLWPUBK_TEST-..., FLWSECK_TEST-...) charge test cards only. */
const CARD_TEST_KEY = /^FLW(PUB|SEC)K_TEST-/;

/**
 * Why `config` must not run in production; empty when it may (or when NODE_ENV is not
 * production). Secrets never appear in a reason: they end up in logs.
 */
export function productionRefusals(
  config: Pick<AppConfig, 'jwtSecret' | 'payments' | 'devMailbox' | 'push'>,
  env: NodeJS.ProcessEnv,
): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const allowed = (name: string) => ['1', 'true'].includes((env[name] ?? '').trim().toLowerCase());
  const reasons: string[] = [];
  const refuse = (allow: string, reason: string) => {
    if (!allowed(allow)) reasons.push(`${reason} (set ${allow}=1 to start anyway)`);
  };
  const { payfast, card, paypal, sandbox } = config.payments;

  if (sandbox) {
    refuse(
      ALLOW.paymentSandbox,
      'the payment sandboxes are served under /sandbox/* (PAYMENT_SANDBOX is on): anyone can pay there with no money; set PAYMENT_SANDBOX=off',
    );
  }
  const urls: Array<[string, string]> = [
    ['PAYFAST_PROCESS_URL', payfast.processUrl],
    ['PAYFAST_VALIDATE_URL', payfast.validateUrl],
    ['CARD_POPUP_URL', card.popupUrl],
    ['CARD_VERIFY_URL', card.verifyUrl],
    ['PAYPAL_API_BASE', paypal.apiBase],
  ];
  for (const [name, url] of urls) {
    if (isSandboxUrl(url))
      refuse(ALLOW.paymentSandbox, `${name} points at a payment sandbox (${url}), where payments move no money`);
  }

  const credentials: Array<[string, boolean]> = [
    ['PAYFAST_MERCHANT_ID', payfast.merchantId === PAYFAST_SANDBOX_MERCHANT.id],
    ['PAYFAST_MERCHANT_KEY', payfast.merchantKey === PAYFAST_SANDBOX_MERCHANT.key],
    ['PAYFAST_PASSPHRASE', payfast.passphrase === PAYFAST_SANDBOX_MERCHANT.passphrase],
    ['CARD_PUBLIC_KEY', card.publicKey === CARD_SANDBOX_KEYS.publicKey || CARD_TEST_KEY.test(card.publicKey)],
    ['CARD_SECRET_KEY', card.secretKey === CARD_SANDBOX_KEYS.secretKey || CARD_TEST_KEY.test(card.secretKey)],
    ['PAYPAL_CLIENT_ID', paypal.clientId === PAYPAL_SANDBOX_CREDENTIALS.clientId],
    ['PAYPAL_SECRET', paypal.secret === PAYPAL_SANDBOX_CREDENTIALS.secret],
  ];
  for (const [name, isTest] of credentials) {
    if (isTest)
      refuse(
        ALLOW.testCredentials,
        `${name} is a public test credential (the default, or a provider's published test value)`,
      );
  }

  const secret = config.jwtSecret;
  if (!secret) {
    refuse(
      ALLOW.databaseJwtSecret,
      'JWT_SECRET is not set: the generated secret is stored in the database it protects, so any database read (a backup, a dump, a replica) could sign tokens for every account',
    );
  } else if (KNOWN_DEVELOPMENT_SECRETS.has(secret) || PLACEHOLDER.test(secret)) {
    refuse(ALLOW.weakJwtSecret, 'JWT_SECRET is a known development secret or placeholder');
  } else if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    refuse(
      ALLOW.weakJwtSecret,
      `JWT_SECRET is ${Buffer.byteLength(secret, 'utf8')} bytes long; use at least ${MIN_JWT_SECRET_BYTES} random bytes`,
    );
  }

  const publicUrlProblem = publicUrlRefusal(env.PUBLIC_URL);
  if (publicUrlProblem) refuse(ALLOW.localPublicUrl, publicUrlProblem);

  if (config.devMailbox === 'open') {
    refuse(
      ALLOW.devMailbox,
      'DEV_MAILBOX=open asks to show every e-mail (password-reset links included) to every client; production never serves the mailbox, so remove it',
    );
  }

  if (config.push.allowLocalEndpoints) {
    refuse(
      ALLOW.pushLocalEndpoints,
      'POD_PUSH_ALLOW_LOCAL_ENDPOINTS=1 lets any signed-in user make the server POST to http and to addresses inside its network (loopback, private, link-local); remove it',
    );
  }
  return reasons;
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * Why PUBLIC_URL cannot be the address users reach, or null: e-mailed links (account
 * verification, password reset) and the payment providers' return and notify URLs are built
 * from it, so unset (the localhost default), plain http or a loopback host would send users and
 * providers nowhere, or send reset links in the clear.
 */
function publicUrlRefusal(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) {
    return 'PUBLIC_URL is not set: e-mailed links and payment return URLs would point at http://localhost';
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `PUBLIC_URL (${value}) is not a URL`;
  }
  if (LOOPBACK_HOSTS.test(url.hostname)) return `PUBLIC_URL (${value}) is a loopback address that users cannot reach`;
  if (url.protocol !== 'https:')
    return `PUBLIC_URL (${value}) is not https: password-reset links would travel in the clear`;
  return null;
}

/** Whether `url` is a payment sandbox: this server's /sandbox/* (on any host) or a provider's own. */
export function isSandboxUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: judge it as written.
  }
  if (/^\/sandbox(\/|$)/i.test(path)) return true;
  const host = parsed.hostname.toLowerCase();
  return PROVIDER_SANDBOX_HOSTS.some((sandboxHost) => host === sandboxHost || host.endsWith(`.${sandboxHost}`));
}

/** buildApp's refusal: every reason, one per line, so an operator fixes them all in one go. */
export class ProductionRefusedError extends Error {
  constructor(readonly reasons: string[]) {
    super(`Refusing to start with NODE_ENV=production:\n${reasons.map((reason) => `  - ${reason}`).join('\n')}`);
    this.name = 'ProductionRefusedError';
  }
}
