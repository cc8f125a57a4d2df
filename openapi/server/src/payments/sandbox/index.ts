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
 * (payments/index.ts points the default settings here). Their sessions live in the database
 * (sessions.ts, migration 019), so any API instance behind a load balancer continues a checkout
 * another one started, and a restart forgets nothing.
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
