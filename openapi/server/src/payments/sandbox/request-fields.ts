import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { formatCents } from '@pod/shared-contracts/money';

/** Reading what the browser or a merchant sent, and the ids and amounts the sandboxes show. */

export type Fields = Record<string, unknown>;

/** A parsed form, query or JSON body as a plain record ({} for anything else). */
export function fieldsOf(value: unknown): Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

/** A single string field; undefined when absent or repeated (a repeated field parses as an array). */
export function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' ? value : undefined;
}

/** Upper-case hex, PayPal-id-like. */
export function randomId(bytes: number): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
}

/** 'R 243.85' */
export function formatRand(cents: number): string {
  return `R ${formatCents(cents)}`;
}

/** '12.50 USD' */
export function formatMoney(cents: number, currency: string): string {
  return `${formatCents(cents)} ${currency}`;
}

export type FormRequest = FastifyRequest<{ Body: unknown; Querystring: unknown }>;
