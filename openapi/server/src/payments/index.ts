import type { FastifyInstance } from 'fastify';
import { createCardGateway, type CardSettings } from './card.js';
import { createPayFastGateway } from './payfast.js';
import { createPayPalGateway, type PayPalSettings } from './paypal.js';
import type { PaymentGateways, PayFastSettings, ProviderHttp } from './types.js';

/**
 * The payment settings (from the environment) and the gateways built from them. Every URL
 * defaults to the sandboxes this server serves under /sandbox/* (payments/sandbox/) at
 * PUBLIC_URL, so a fresh checkout works offline; pointing PAYFAST_PROCESS_URL and
 * PAYFAST_VALIDATE_URL at https://sandbox.payfast.co.za/eng/... uses PayFast's own sandbox with
 * the same (published) test merchant.
 */

export type {
  CardGateway,
  CardPaymentStatus,
  FormPairs,
  PaymentGateways,
  PaymentRequest,
  PayFastGateway,
  PayFastSettings,
  PayPalCapture,
  PayPalGateway,
  ProviderForm,
  ProviderHttp,
  ProviderName,
} from './types.js';
export type { CardSettings } from './card.js';
export type { PayPalSettings } from './paypal.js';
export { ProviderError } from './provider-error.js';

export interface PaymentSettings {
  payfast: PayFastSettings;
  card: CardSettings;
  paypal: PayPalSettings;
  /** Rand per US dollar: card and PayPal charge the ZAR amount in USD at this rate. */
  usdZarRate: number;
  /**
   * Whether the /sandbox/* pages and endpoints are served: PAYMENT_SANDBOX=off disables them, any
   * other value enables them; unset, they are on except under NODE_ENV=production.
   */
  sandbox: boolean;
}

/** PayFast's published sandbox test merchant (config-safety.ts refuses it in production). */
export const PAYFAST_SANDBOX_MERCHANT = { id: '10000100', key: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' } as const;

/** Card and PayPal credentials of the built-in sandboxes (not secrets: they guard nothing real). */
export const CARD_SANDBOX_KEYS = {
  publicKey: 'FLWPUBK_TEST-pod-sandbox-X',
  secretKey: 'FLWSECK_TEST-pod-sandbox-X',
} as const;
export const PAYPAL_SANDBOX_CREDENTIALS = { clientId: 'pod-sandbox-client', secret: 'pod-sandbox-secret' } as const;

const DEFAULT_ALLOWED_SOURCES = ['127.0.0.1', '::1'];
const DEFAULT_USD_ZAR_RATE = 18.5;

/** The variable's trimmed value, or `fallback` when unset or blank. */
function setting(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function parseRate(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return DEFAULT_USD_ZAR_RATE;
  const rate = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new Error(`USD_ZAR_RATE must be a positive number of rand per US dollar (such as 18.5), not "${value}"`);
  }
  return rate;
}

/** PAYMENT_SANDBOX, defaulting off in production: a deployment must not take sandbox money by forgetting a variable. */
function sandboxEnabled(env: NodeJS.ProcessEnv): boolean {
  const value = (env.PAYMENT_SANDBOX ?? '').trim().toLowerCase();
  if (value === '') return env.NODE_ENV !== 'production';
  return value !== 'off';
}

/**
 * Reads the payment settings. `publicUrl` is the server's public origin (config.publicUrl), which
 * the sandbox defaults are built on.
 */
export function loadPaymentSettings(env: NodeJS.ProcessEnv, publicUrl: string): PaymentSettings {
  const base = publicUrl.replace(/\/+$/, '');
  const sources = (env.PAYFAST_ALLOWED_SOURCES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return {
    payfast: {
      merchantId: setting(env, 'PAYFAST_MERCHANT_ID', PAYFAST_SANDBOX_MERCHANT.id),
      merchantKey: setting(env, 'PAYFAST_MERCHANT_KEY', PAYFAST_SANDBOX_MERCHANT.key),
      // Unset: the sandbox merchant's. Set but blank: none (a merchant without a passphrase).
      passphrase:
        env.PAYFAST_PASSPHRASE === undefined ? PAYFAST_SANDBOX_MERCHANT.passphrase : env.PAYFAST_PASSPHRASE.trim(),
      processUrl: setting(env, 'PAYFAST_PROCESS_URL', `${base}/sandbox/payfast/eng/process`),
      validateUrl: setting(env, 'PAYFAST_VALIDATE_URL', `${base}/sandbox/payfast/eng/query/validate`),
      allowedSources: sources.length > 0 ? sources : [...DEFAULT_ALLOWED_SOURCES],
    },
    card: {
      popupUrl: setting(env, 'CARD_POPUP_URL', `${base}/sandbox/card/checkout`),
      verifyUrl: setting(env, 'CARD_VERIFY_URL', `${base}/sandbox/card/v3/transactions/verify_by_reference`),
      publicKey: setting(env, 'CARD_PUBLIC_KEY', CARD_SANDBOX_KEYS.publicKey),
      secretKey: setting(env, 'CARD_SECRET_KEY', CARD_SANDBOX_KEYS.secretKey),
    },
    paypal: {
      apiBase: setting(env, 'PAYPAL_API_BASE', `${base}/sandbox/paypal`).replace(/\/+$/, ''),
      clientId: setting(env, 'PAYPAL_CLIENT_ID', PAYPAL_SANDBOX_CREDENTIALS.clientId),
      secret: setting(env, 'PAYPAL_SECRET', PAYPAL_SANDBOX_CREDENTIALS.secret),
    },
    usdZarRate: parseRate(env.USD_ZAR_RATE),
    sandbox: sandboxEnabled(env),
  };
}

/** The three gateways for these settings, reaching the providers through `http`. */
export function createPaymentGateways(settings: PaymentSettings, http: ProviderHttp): PaymentGateways {
  return {
    eft: createPayFastGateway(settings.payfast, http),
    card: createCardGateway(settings.card, http),
    paypal: createPayPalGateway(settings.paypal, http),
  };
}

/** How long a provider may take to answer before the call fails (and the caller answers retryable). */
const PROVIDER_TIMEOUT_MS = 10_000;

/** ProviderHttp over the global fetch, with a 10 s timeout. */
export const fetchProviderHttp: ProviderHttp = async (url, init) => {
  const response = await fetch(url, {
    method: init.method,
    ...(init.headers && { headers: init.headers }),
    ...(init.body !== undefined && { body: init.body }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  return { status: response.status, text: () => response.text() };
};

/**
 * ProviderHttp that answers through `app.inject` (for tests): the URL's path and query go to the
 * app, its host as the Host header, so the sandboxes' server-to-server endpoints answer without
 * a listening socket, and links they build carry the configured origin.
 */
export function injectProviderHttp(app: FastifyInstance): ProviderHttp {
  return async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: init.method,
      url: `${target.pathname}${target.search}`,
      headers: { host: target.host, ...init.headers },
      ...(init.body !== undefined && { payload: init.body }),
    });
    return { status: response.statusCode, text: async () => response.body };
  };
}
