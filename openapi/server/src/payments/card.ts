import { formatCents, toCents } from '@pod/shared-contracts/money';
import { ProviderError } from './provider-error.js';
import type { CardGateway, CardPaymentStatus, PaymentRequest, ProviderForm, ProviderHttp } from './types.js';

/**
 * The card provider (Flutterwave-like): a hosted popup the browser opens with the payment as its
 * query, and a server-to-server "verify by reference" the portal asks before crediting anything.
 * The redirect back from the popup carries `status` and `tx_ref`, which only say where to look:
 * the verification is the truth.
 */

export interface CardSettings {
  /** The popup page (GET, the fields as query). */
  popupUrl: string;
  /** Verify by reference (GET `?tx_ref=`), authorised with the secret key. */
  verifyUrl: string;
  publicKey: string;
  secretKey: string;
}

/** The verify answer we rely on: `{ status: 'success', data: { id, tx_ref, status, amount, currency } }`. */
interface VerifyBody {
  status?: unknown;
  data?: { id?: unknown; tx_ref?: unknown; status?: unknown; amount?: unknown; currency?: unknown } | null;
}

/** Provider charge statuses in the terms of CardPaymentStatus; anything else is unknown. */
const STATUSES: Record<string, CardPaymentStatus['status']> = {
  successful: 'successful',
  failed: 'failed',
  cancelled: 'failed',
  pending: 'pending',
};

/** An amount the provider gave as a number or a string, as a decimal string with 2 places; null when not one. */
function toAmount(value: unknown): string | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? formatCents(toCents(number)) : null;
}

export function createCardGateway(settings: CardSettings, http: ProviderHttp): CardGateway {
  return {
    buildPopup(request: PaymentRequest & { redirectUrl: string }): ProviderForm {
      const customerName = `${request.customer.firstName} ${request.customer.lastName}`.trim();
      return {
        provider: 'card',
        method: 'GET',
        display: 'popup',
        action: settings.popupUrl,
        fields: {
          public_key: settings.publicKey,
          tx_ref: request.reference,
          amount: request.amount,
          currency: request.currency,
          customer_email: request.customer.email,
          customer_name: customerName,
          redirect_url: request.redirectUrl,
        },
      };
    },

    async verify(txRef: string): Promise<CardPaymentStatus | null> {
      const url = `${settings.verifyUrl}?tx_ref=${encodeURIComponent(txRef)}`;
      let response: Awaited<ReturnType<ProviderHttp>>;
      let text: string;
      try {
        response = await http(url, {
          method: 'GET',
          headers: { authorization: `Bearer ${settings.secretKey}`, accept: 'application/json' },
        });
        text = await response.text();
      } catch (err) {
        throw new ProviderError('card', 'The card provider could not be reached', undefined, { cause: err });
      }
      // No charge with this reference (yet): nothing to credit.
      if (response.status === 404) return null;
      // 5xx is the provider's trouble; 401/403 and the like are ours (a wrong secret key). Neither
      // means "no charge", so neither may be answered as null.
      if (response.status !== 200) {
        throw new ProviderError('card', `The card provider answered ${response.status}`, response.status);
      }

      let body: VerifyBody;
      try {
        body = JSON.parse(text) as VerifyBody;
      } catch (err) {
        throw new ProviderError('card', 'The card provider answered malformed JSON', response.status, { cause: err });
      }
      const data = body?.data;
      if (body?.status !== 'success' || !data || typeof data !== 'object') return null;
      // Only an answer about this very reference counts.
      if (data.tx_ref !== txRef) return null;
      const status = typeof data.status === 'string' ? STATUSES[data.status.toLowerCase()] : undefined;
      const id = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : '';
      const amount = toAmount(data.amount);
      const currency = typeof data.currency === 'string' ? data.currency.toUpperCase() : '';
      if (!status || id === '' || amount === null || currency === '') return null;
      return { id, txRef, status, amount, currency };
    },
  };
}
