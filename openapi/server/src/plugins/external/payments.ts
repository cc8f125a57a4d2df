import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createPaymentGateways,
  fetchProviderHttp,
  injectProviderHttp,
  type PaymentSettings,
} from '../../payments/index.js';
import paymentSandbox from '../../payments/sandbox/index.js';
import { createSandboxSessions } from '../../payments/sandbox/sessions.js';
import type { PaymentGateways, ProviderHttp } from '../../payments/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      settings: PaymentSettings;
      gateways: PaymentGateways;
    };
  }
}

export interface PaymentsPluginOptions {
  settings: PaymentSettings;
  /**
   * How gateways reach providers: fetch by default; 'inject' answers through app.inject (tests:
   * the built-in sandboxes' server-to-server endpoints without a listening socket).
   */
  http?: ProviderHttp | 'inject';
}

/**
 * The payment providers (EFT/PayFast-compatible, card, PayPal) behind one adapter, and, unless
 * PAYMENT_SANDBOX=off, the sandboxes that play them under /sandbox/*.
 */
export default fp<PaymentsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const { settings } = options;
    const http = options.http === 'inject' ? injectProviderHttp(app) : (options.http ?? fetchProviderHttp);
    app.decorate('payments', { settings, gateways: createPaymentGateways(settings, http) });
    if (settings.sandbox) {
      const publicUrl = app.config.publicUrl;
      await app.register(paymentSandbox, {
        payfast: settings.payfast,
        card: settings.card,
        paypal: settings.paypal,
        http,
        publicUrl,
        sessions: createSandboxSessions(app.db, () => app.config.now()),
      });
    }
  },
  { name: 'payments', dependencies: ['db'] },
);
