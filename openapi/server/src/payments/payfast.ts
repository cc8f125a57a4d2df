import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type {
  FormPairs,
  PaymentRequest,
  PayFastGateway,
  PayFastSettings,
  ProviderForm,
  ProviderHttp,
} from './types.js';
import { ProviderError } from './provider-error.js';
import { constantTimeEqual } from './util.js';

/**
 * PayFast-compatible hosted payments ("eft"): the signed checkout form, ITN signature checks, the
 * source-address check and the server-to-server validation. The rules follow PayFast's developer
 * documentation:
 * - Checkout form: the signature is the MD5 (lower-case hex) of `name=value` pairs joined by '&',
 *   for the non-blank fields in the documented order, values trimmed and URL-encoded like PHP's
 *   urlencode (upper-case hex, space as '+'), then `&passphrase=...` when a passphrase is set.
 * - ITN: PayFast signs the posted pairs in the order it posts them, every pair except
 *   `signature` (blank ones included), plus the passphrase; the merchant posts the same pairs,
 *   without the passphrase, to /eng/query/validate, which answers 'VALID' or 'INVALID'.
 */

/** The checkout fields this portal sends, in PayFast's documented signing order. */
export const PAYFAST_FORM_FIELD_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
] as const;

export type PayFastFormField = (typeof PAYFAST_FORM_FIELD_ORDER)[number];

/** PayFast's documented maximum lengths: a longer field fails the payment at PayFast. */
const FIELD_MAX_LENGTH: Partial<Record<PayFastFormField, number>> = {
  name_first: 100,
  name_last: 100,
  email_address: 100,
  m_payment_id: 100,
  item_name: 100,
  item_description: 255,
};

/** Bytes PHP's urlencode leaves as they are: A-Z a-z 0-9 - _ . */
function isUnreserved(byte: number): boolean {
  return (
    (byte >= 0x41 && byte <= 0x5a) || // A-Z
    (byte >= 0x61 && byte <= 0x7a) || // a-z
    (byte >= 0x30 && byte <= 0x39) || // 0-9
    byte === 0x2d || // -
    byte === 0x5f || // _
    byte === 0x2e // .
  );
}

/**
 * URL-encodes a value the way PHP's urlencode does (what PayFast signs): the UTF-8 bytes, with
 * A-Z a-z 0-9 - _ . as they are, space as '+', everything else as upper-case %XX. Unlike
 * encodeURIComponent it encodes ! ' ( ) * ~, and it never throws (a lone surrogate is encoded as
 * U+FFFD, as Buffer does).
 */
export function pfEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    if (isUnreserved(byte)) out += String.fromCharCode(byte);
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export interface ParamStringOptions {
  /**
   * The ITN rule: every pair except `signature` exactly as received, blank ones included and
   * nothing trimmed. Default (false) is the checkout-form rule: trimmed values, blank ones skipped.
   */
  asReceived?: boolean;
}

/**
 * The string PayFast signs: `name=value` pairs (values pfEncoded) joined by '&', in the given
 * order, `signature` left out; by default only non-blank trimmed values. `&passphrase=<encoded>`
 * is appended when `passphrase` (trimmed) is not empty.
 */
export function payfastParamString(pairs: FormPairs, passphrase = '', options: ParamStringOptions = {}): string {
  const parts: string[] = [];
  for (const [name, raw] of pairs) {
    if (name === 'signature') continue;
    const value = options.asReceived ? raw : raw.trim();
    if (!options.asReceived && value === '') continue;
    parts.push(`${name}=${pfEncode(value)}`);
  }
  const phrase = passphrase.trim();
  if (phrase !== '') parts.push(`passphrase=${pfEncode(phrase)}`);
  return parts.join('&');
}

/** PayFast's signature: the MD5 of payfastParamString, lower-case hex. */
export function payfastSignature(pairs: FormPairs, passphrase: string, options: ParamStringOptions = {}): string {
  return createHash('md5')
    .update(payfastParamString(pairs, passphrase, options), 'utf8')
    .digest('hex');
}

/** An address as BlockList wants it: IPv4-mapped IPv6 (::ffff:a.b.c.d) as plain IPv4; null when not an IP. */
function normalizeAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  let candidate = address.trim();
  // Bracketed IPv6 ([::1]) and a zone index (fe80::1%eth0) are not part of the address itself.
  if (candidate.startsWith('[') && candidate.endsWith(']')) candidate = candidate.slice(1, -1);
  candidate = candidate.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(candidate);
  if (mapped && isIPv4(mapped[1]!)) return { address: mapped[1]!, family: 'ipv4' };
  if (isIPv4(candidate)) return { address: candidate, family: 'ipv4' };
  if (isIPv6(candidate)) return { address: candidate, family: 'ipv6' };
  return null;
}

/**
 * Adds one allowedSources entry that is an IP or a CIDR to `list`; answers false when the entry is
 * neither (a host name, resolved later). A malformed CIDR matches nothing.
 */
function addLiteralSource(list: BlockList, entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash === -1) {
    const ip = normalizeAddress(entry);
    if (!ip) return false;
    list.addAddress(ip.address, ip.family);
    return true;
  }
  const network = normalizeAddress(entry.slice(0, slash));
  const prefixText = entry.slice(slash + 1);
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (network && prefix <= (network.family === 'ipv4' ? 32 : 128)) {
    list.addSubnet(network.address, prefix, network.family);
  }
  return true;
}

/** The signed PayFast checkout form, its signature and its ITN checks, for one merchant. */
export function createPayFastGateway(settings: PayFastSettings, http: ProviderHttp): PayFastGateway {
  return {
    settings,

    buildForm(request: PaymentRequest): ProviderForm {
      const values: Record<PayFastFormField, string> = {
        merchant_id: settings.merchantId,
        merchant_key: settings.merchantKey,
        return_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        notify_url: request.notifyUrl,
        name_first: request.customer.firstName,
        name_last: request.customer.lastName,
        email_address: request.customer.email,
        m_payment_id: request.reference,
        amount: request.amount,
        item_name: request.itemName,
        item_description: request.itemDescription,
      };
      // The browser posts exactly what was signed: trimmed, within PayFast's lengths (counted in
      // characters, not UTF-16 units), blank fields left out.
      const fields: Record<string, string> = {};
      const pairs: Array<[string, string]> = [];
      for (const name of PAYFAST_FORM_FIELD_ORDER) {
        let value = values[name].trim();
        const max = FIELD_MAX_LENGTH[name];
        if (max !== undefined) value = Array.from(value).slice(0, max).join('').trim();
        if (value === '') continue;
        fields[name] = value;
        pairs.push([name, value]);
      }
      fields.signature = payfastSignature(pairs, settings.passphrase);
      return { provider: 'eft', method: 'POST', display: 'redirect', action: settings.processUrl, fields };
    },

    verifySignature(pairs: FormPairs): boolean {
      const signatures = pairs.filter(([name]) => name === 'signature');
      if (signatures.length !== 1) return false;
      const received = signatures[0]![1].trim().toLowerCase();
      // PayFast signs an ITN over every posted pair as posted (blank ones included); a checkout
      // form is signed over its non-blank trimmed fields. When no value is blank or padded the two
      // are the same string; either way both need the passphrase. Both comparisons always run.
      const asPosted = constantTimeEqual(received, payfastSignature(pairs, settings.passphrase, { asReceived: true }));
      const asForm = constantTimeEqual(received, payfastSignature(pairs, settings.passphrase));
      return asPosted || asForm;
    },

    async isAllowedSource(address: string): Promise<boolean> {
      const source = normalizeAddress(address);
      if (!source) return false;
      // IPs and CIDRs first; loopback is allowed only when listed like any other address.
      const literals = new BlockList();
      const hostNames: string[] = [];
      for (const raw of settings.allowedSources) {
        const entry = raw.trim();
        if (entry !== '' && !addLiteralSource(literals, entry)) hostNames.push(entry);
      }
      if (literals.check(source.address, source.family)) return true;
      if (hostNames.length === 0) return false;

      // Host names (PayFast documents www, sandbox, w1w and w2w.payfast.co.za) are resolved now,
      // so a change of PayFast's addresses needs no restart. A name that does not resolve allows nothing.
      const resolved = new BlockList();
      const answers = await Promise.all(
        hostNames.map((name) => lookup(name, { all: true }).catch(() => [] as { address: string }[])),
      );
      for (const { address: ip } of answers.flat()) {
        const normalized = normalizeAddress(ip);
        if (normalized) resolved.addAddress(normalized.address, normalized.family);
      }
      return resolved.check(source.address, source.family);
    },

    async validate(pairs: FormPairs): Promise<boolean> {
      // What PayFast posted, minus the signature, in its order, without the passphrase.
      const body = payfastParamString(pairs, '', { asReceived: true });
      let response: Awaited<ReturnType<ProviderHttp>>;
      try {
        response = await http(settings.validateUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
      } catch (err) {
        // Not an answer: the notification is processed again later (jobs retry), never refused.
        throw new ProviderError('eft', 'The EFT provider could not be reached', undefined, { cause: err });
      }
      if (response.status >= 500)
        throw new ProviderError('eft', `The EFT provider answered ${response.status}`, response.status);
      if (response.status !== 200) return false;
      return (await response.text()).trim() === 'VALID';
    },
  };
}
