import { randomBytes } from 'node:crypto';

/**
 * An environment a real deployment could start with: NODE_ENV=production, real-looking provider
 * URLs and credentials (none of them the sandboxes' or a provider's published test ones) and a
 * random JWT secret. Tests change one thing at a time from here.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  PUBLIC_URL: 'https://portal.example.test',
  PAYFAST_PROCESS_URL: 'https://www.payfast.co.za/eng/process',
  PAYFAST_VALIDATE_URL: 'https://www.payfast.co.za/eng/query/validate',
  PAYFAST_MERCHANT_ID: '18273645',
  PAYFAST_MERCHANT_KEY: 'q8w7e6r5t4y3u',
  PAYFAST_PASSPHRASE: 'a-real-merchant-passphrase',
  CARD_POPUP_URL: 'https://checkout.card-provider.example/v3/hosted/pay',
  CARD_VERIFY_URL: 'https://api.card-provider.example/v3/transactions/verify_by_reference',
  CARD_PUBLIC_KEY: 'FLWPUBK-live-public-key-X',
  CARD_SECRET_KEY: 'FLWSECK-live-secret-key-X',
  PAYPAL_API_BASE: 'https://api-m.paypal.com',
  PAYPAL_CLIENT_ID: 'live-client-id',
  PAYPAL_SECRET: 'live-client-secret',
};

/** Runs `body` with these variables set (undefined: unset), restoring them afterwards. */
export async function withEnv<T>(values: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(values);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}
