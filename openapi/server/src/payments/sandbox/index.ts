import fp from 'fastify-plugin';
import { registerCardSandbox } from './card.js';
import type { PaymentSandboxOptions } from './options.js';
import { registerPayFastSandbox } from './payfast.js';
import { registerPayPalSandbox } from './paypal.js';

export type { PaymentSandboxOptions } from './options.js';

/**
 * The payment sandboxes: this server plays PayFast, a Flutterwave-like card provider and PayPal,
 * so the whole checkout works offline. Each has its browser pages (plain, accessible HTML with a
 * Pay and a Cancel button) and its server-to-server endpoints, at the paths the gateways expect
 * (payments/index.ts points the default settings here). State lives in memory: a restart forgets
 * every sandbox payment, like a provider that lost them, and the portal must cope.
 *
 * Not part of the API (no /api/v1 prefix); app.ts registers it unless PAYMENT_SANDBOX=off. It needs
 * @fastify/formbody for the browser forms and PayFast's server-to-server posts.
 */
export default fp<PaymentSandboxOptions>(
  async (app, options) => {
    registerPayFastSandbox(app, options);
    registerCardSandbox(app, options);
    registerPayPalSandbox(app, options);
  },
  { name: 'payment-sandbox', dependencies: ['@fastify/formbody'] },
);
