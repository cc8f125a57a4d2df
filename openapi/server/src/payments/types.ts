/**
 * The payment-provider adapter: how the checkout service talks to PayFast-compatible EFT, card
 * and PayPal providers. The service (services/checkout/) owns money and state; a gateway only
 * builds what the browser needs and asks the provider, server to server, what happened. Every
 * gateway points at a configured URL; the defaults are the sandboxes this server serves under
 * /sandbox/* (payments/sandbox/), so the flow works offline.
 */

export type ProviderName = 'eft' | 'card' | 'paypal';

/** portal.yaml `ProviderForm`: what the browser does to pay. */
export interface ProviderForm {
  provider: ProviderName;
  method: 'GET' | 'POST';
  display: 'redirect' | 'popup';
  action: string;
  /** In the order the provider expects (PayFast signs in this order). */
  fields: Record<string, string>;
}

/** One payment to start at a provider. */
export interface PaymentRequest {
  /** Our transaction reference (PayFast m_payment_id, card tx_ref, PayPal reference_id). */
  reference: string;
  transactionId: number;
  /** What the provider charges, as a decimal string with 2 places ('243.85'). */
  amount: string;
  currency: 'ZAR' | 'USD';
  itemName: string;
  itemDescription: string;
  customer: { firstName: string; lastName: string; email: string };
  /** Absolute URLs. */
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
}

/** A PayFast ITN as posted: field name/value pairs in the order received. */
export type FormPairs = ReadonlyArray<readonly [string, string]>;

export interface PayFastSettings {
  merchantId: string;
  merchantKey: string;
  /** Salt passphrase; empty string for none. */
  passphrase: string;
  /** Process URL the browser posts the form to. */
  processUrl: string;
  /** Server-to-server validation endpoint (PayFast: /eng/query/validate). */
  validateUrl: string;
  /**
   * Addresses an ITN may come from: IPs, IPv4 CIDRs, or host names (resolved at check time).
   * The sandbox default is loopback.
   */
  allowedSources: string[];
}

export interface PayFastGateway {
  readonly settings: PayFastSettings;
  /** The signed form for a payment (fields in PayFast's documented order, `signature` last). */
  buildForm(request: PaymentRequest): ProviderForm;
  /** Whether `signature` matches the other pairs (in order) and the passphrase. */
  verifySignature(pairs: FormPairs): boolean;
  /** Whether `address` (the ITN's source) is allowed by `allowedSources`. */
  isAllowedSource(address: string): Promise<boolean>;
  /**
   * Asks the provider whether it sent these pairs (server to server); true only on 'VALID'.
   * Throws ProviderError when the provider cannot answer (unreachable, 5xx): try again later.
   */
  validate(pairs: FormPairs): Promise<boolean>;
}

/** The card provider's answer about one payment (Flutterwave-like verify by reference). */
export interface CardPaymentStatus {
  /** The provider's id of the charge (dedupe key). */
  id: string;
  txRef: string;
  status: 'successful' | 'failed' | 'pending';
  amount: string;
  currency: string;
}

export interface CardGateway {
  /** The popup: `action` with `fields` (tx_ref, amount, currency, customer_*, redirect_url...) as query. */
  buildPopup(request: PaymentRequest & { redirectUrl: string }): ProviderForm;
  /** Server to server; null when the provider knows no charge with this reference. */
  verify(txRef: string): Promise<CardPaymentStatus | null>;
}

export interface PayPalCapture {
  /** The capture id (dedupe key). */
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'FAILED';
  amount: string;
  currency: string;
  /** Our reference, as given at order creation. */
  reference: string;
}

export interface PayPalGateway {
  /** Creates the order server to server; the browser then goes to the approval page. */
  createOrder(request: PaymentRequest): Promise<{ orderId: string; form: ProviderForm }>;
  /** Captures an approved order server to server; null when it cannot be captured (not approved, unknown). */
  capture(orderId: string): Promise<PayPalCapture | null>;
}

export interface PaymentGateways {
  eft: PayFastGateway;
  card: CardGateway;
  paypal: PayPalGateway;
}

/**
 * How gateways reach providers (fetch by default). Tests pass one that answers through
 * `app.inject`, so the built-in sandboxes' server-to-server endpoints are exercised without a
 * listening socket.
 */
export type ProviderHttp = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string> }>;
