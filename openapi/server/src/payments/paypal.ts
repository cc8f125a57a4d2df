import { ProviderError } from './provider-error.js';
import type { PaymentRequest, PayPalCapture, PayPalGateway, ProviderHttp } from './types.js';
import { basicAuthorization } from './util.js';

/**
 * PayPal Orders v2: the order is created server to server (intent CAPTURE), the buyer approves it
 * at PayPal's approval page, and the portal captures it server to server on the return. Only a
 * COMPLETED capture credits; its id is the dedupe key. Requests authenticate with HTTP Basic
 * (client id and secret), which PayPal's REST API accepts in place of an OAuth access token.
 */

export interface PayPalSettings {
  /** E.g. https://api-m.sandbox.paypal.com, or this server's /sandbox/paypal. */
  apiBase: string;
  clientId: string;
  secret: string;
}

/** PayPal limits purchase_units[].description to 127 characters. */
const DESCRIPTION_MAX_LENGTH = 127;

const CAPTURE_STATUSES = new Set<PayPalCapture['status']>(['COMPLETED', 'DECLINED', 'PENDING', 'FAILED']);

interface OrderBody {
  id?: unknown;
  status?: unknown;
  links?: Array<{ rel?: unknown; href?: unknown }>;
}

interface CaptureBody {
  purchase_units?: Array<{
    reference_id?: unknown;
    payments?: {
      captures?: Array<{ id?: unknown; status?: unknown; amount?: { currency_code?: unknown; value?: unknown } }>;
    };
  }>;
}

export function createPayPalGateway(settings: PayPalSettings, http: ProviderHttp): PayPalGateway {
  const apiBase = settings.apiBase.replace(/\/+$/, '');
  const headers = {
    authorization: basicAuthorization(settings.clientId, settings.secret),
    'content-type': 'application/json',
    accept: 'application/json',
  };

  /** POSTs JSON; answers status and body text, or throws ProviderError when PayPal cannot be reached. */
  async function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
    try {
      const response = await http(`${apiBase}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    } catch (err) {
      throw new ProviderError('paypal', 'PayPal could not be reached', undefined, { cause: err });
    }
  }

  function parse<T>(answer: { status: number; text: string }): T {
    try {
      return JSON.parse(answer.text) as T;
    } catch (err) {
      throw new ProviderError('paypal', 'PayPal answered malformed JSON', answer.status, { cause: err });
    }
  }

  return {
    async createOrder(request: PaymentRequest) {
      const description = Array.from(request.itemDescription.trim() || request.itemName.trim())
        .slice(0, DESCRIPTION_MAX_LENGTH)
        .join('');
      const answer = await post('/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.reference,
            description,
            amount: { currency_code: request.currency, value: request.amount },
          },
        ],
        application_context: { return_url: request.returnUrl, cancel_url: request.cancelUrl },
      });
      // Creating an order has no "no" answer: any refusal is a configuration or provider problem.
      if (answer.status !== 200 && answer.status !== 201) {
        throw new ProviderError('paypal', `PayPal answered ${answer.status} to create an order`, answer.status);
      }
      const order = parse<OrderBody>(answer);
      const approve = order.links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action');
      if (typeof order.id !== 'string' || order.id === '' || typeof approve?.href !== 'string') {
        throw new ProviderError('paypal', 'PayPal answered an order without an id or approval link', answer.status);
      }
      let approveUrl: URL;
      try {
        approveUrl = new URL(approve.href);
      } catch (err) {
        throw new ProviderError('paypal', 'PayPal answered a malformed approval link', answer.status, { cause: err });
      }
      // The browser GETs `action` with `fields` as the query: split the link the same way.
      const fields = Object.fromEntries(approveUrl.searchParams);
      const action = `${approveUrl.origin}${approveUrl.pathname}`;
      return { orderId: order.id, form: { provider: 'paypal', method: 'GET', display: 'redirect', action, fields } };
    },

    async capture(orderId: string): Promise<PayPalCapture | null> {
      const answer = await post(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {});
      // 422: not approved (yet) or already captured; 404: no such order. Nothing to credit now.
      if (answer.status === 422 || answer.status === 404) return null;
      if (answer.status !== 200 && answer.status !== 201) {
        throw new ProviderError('paypal', `PayPal answered ${answer.status} to a capture`, answer.status);
      }
      const body = parse<CaptureBody>(answer);
      const unit = body.purchase_units?.[0];
      const capture = unit?.payments?.captures?.[0];
      const status = capture?.status;
      if (
        typeof capture?.id !== 'string' ||
        typeof status !== 'string' ||
        !CAPTURE_STATUSES.has(status as PayPalCapture['status']) ||
        typeof capture.amount?.value !== 'string' ||
        typeof capture.amount.currency_code !== 'string'
      ) {
        throw new ProviderError('paypal', 'PayPal answered a capture without its id, status or amount', answer.status);
      }
      return {
        id: capture.id,
        status: status as PayPalCapture['status'],
        amount: capture.amount.value,
        currency: capture.amount.currency_code,
        reference: typeof unit?.reference_id === 'string' ? unit.reference_id : '',
      };
    },
  };
}
