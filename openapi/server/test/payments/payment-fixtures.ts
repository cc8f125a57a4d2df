import assert from 'node:assert/strict';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createPaymentGateways,
  injectProviderHttp,
  loadPaymentSettings,
  type PaymentSettings,
} from '../../src/payments/index.js';
import paymentSandbox from '../../src/payments/sandbox/index.js';
import { createSandboxSessions, type SandboxSessions } from '../../src/payments/sandbox/sessions.js';
import { migrateDatabase, openDatabase } from '../../src/plugins/external/db.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { FormPairs, PaymentGateways, PaymentRequest, ProviderHttp } from '../../src/payments/types.js';

/** The public origin the settings (and so the sandbox URLs) are built on; inject answers for it. */
export const ORIGIN = 'http://portal.example.test';

/** One payment as the checkout service would start it. */
export function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    reference: 'TX-7',
    transactionId: 7,
    amount: '243.85',
    currency: 'ZAR',
    itemName: 'Print order #7',
    itemDescription: '2 books (paperback)',
    customer: { firstName: 'Lerato', lastName: 'Mokoena', email: 'lerato@example.test' },
    returnUrl: `${ORIGIN}/checkout/success?token=abc&id=7&tref=TX-7`,
    cancelUrl: `${ORIGIN}/checkout/cancelled?token=abc&id=7&tref=TX-7`,
    notifyUrl: `${ORIGIN}/api/v1/payment/payfast/notify`,
    ...overrides,
  };
}

/** One call a fake ProviderHttp received. */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A ProviderHttp that records every call and answers `answer` (200 'OK' by default). */
export function recordingHttp(
  answer: (call: RecordedCall) => { status: number; body: string } | Promise<never> = () => ({
    status: 200,
    body: 'OK',
  }),
) {
  const calls: RecordedCall[] = [];
  const http: ProviderHttp = async (url, init) => {
    const call = { url, method: init.method, headers: { ...init.headers }, body: init.body };
    calls.push(call);
    const { status, body } = await answer(call);
    return { status, text: async () => body };
  };
  return { http, calls };
}

/** A ProviderHttp that always fails like an unreachable host. */
export const unreachableHttp: ProviderHttp = async () => {
  throw new TypeError('fetch failed');
};

/** Decodes an application/x-www-form-urlencoded body into its pairs, in order. */
export function parseFormPairs(body: string): Array<[string, string]> {
  if (body === '') return [];
  return body.split('&').map((part) => {
    const [name = '', value = ''] = part.split('=');
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    return [decode(name), decode(value)];
  });
}

/** Encodes fields (in their order) as a browser posts a form. */
export function formBody(fields: Record<string, string> | FormPairs): string {
  const pairs = Array.isArray(fields) ? fields : Object.entries(fields);
  return new URLSearchParams(pairs as Array<[string, string]>).toString();
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

export interface SandboxApp {
  app: FastifyInstance;
  settings: PaymentSettings;
  /** Gateways that reach the sandbox through app.inject. */
  gateways: PaymentGateways;
  /** Calls the sandbox made (its ITNs). */
  itnCalls: RecordedCall[];
}

/**
 * The sandbox sessions on a fresh database, as in the app (PGlite, or PostgreSQL with
 * DATABASE_URL); closing `app` closes and drops it.
 */
export async function sandboxSessionsFor(app: FastifyInstance): Promise<SandboxSessions> {
  const database = await createTestDatabase();
  const db = await openDatabase(database.options);
  app.addHook('onClose', async () => {
    await db.destroy();
    await database.drop();
  });
  await migrateDatabase(db);
  return createSandboxSessions(db, () => new Date());
}

/**
 * A bare Fastify with @fastify/formbody and the sandbox on a fresh database (not buildApp: no spec),
 * the settings at their defaults for ORIGIN. The sandbox's ITNs go to a recorder.
 */
export async function buildSandboxApp(options: { itnHttp?: ProviderHttp } = {}): Promise<SandboxApp> {
  const app = Fastify();
  const settings = loadPaymentSettings({}, ORIGIN);
  const recorder = recordingHttp();
  await app.register(formbody);
  await app.register(paymentSandbox, {
    payfast: settings.payfast,
    card: { publicKey: settings.card.publicKey, secretKey: settings.card.secretKey },
    paypal: { clientId: settings.paypal.clientId, secret: settings.paypal.secret },
    http: options.itnHttp ?? recorder.http,
    publicUrl: ORIGIN,
    sessions: await sandboxSessionsFor(app),
  });
  await app.ready();
  return {
    app,
    settings,
    gateways: createPaymentGateways(settings, injectProviderHttp(app)),
    itnCalls: recorder.calls,
  };
}

/** The path and query of an absolute URL (what inject takes). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The sandbox page rules: a complete document in English with a title, a main landmark and a
 * heading; no script, no inline event handler, nothing loaded from elsewhere.
 */
export function assertPlainPage(html: string, heading: string): void {
  assert.match(html, /^<!doctype html>\n<html lang="en">/);
  assert.match(html, /<title>[^<]+<\/title>/);
  assert.match(html, /<main>[\s\S]*<\/main>/);
  assert.ok(html.includes(`<h1>${heading}</h1>`), html);
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /\son[a-z]+\s*=/i, 'no inline event handlers');
  assert.doesNotMatch(html, /\s(?:src|href)=/i, 'nothing loaded or linked from elsewhere');
  assert.doesNotMatch(html, /<link|<img|<iframe/i);
}

/** The value of a hidden input on a page. */
export function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (!match) throw new Error(`no hidden ${name} in: ${html}`);
  return match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
