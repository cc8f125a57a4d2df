/**
 * The payment methods of the checkout's payment page (remote-checkout PaymentPanel, portal.yaml
 * `Transaction.provider`), in the spec's order: the same ids and names, so the draft's
 * `calc_paymentMethod` names the method the cart offers. The payment itself runs in the cart.
 */
export const PAYMENT_METHODS = [
  { value: 'card', label: 'Credit card', description: 'Pay by card in a secure window, charged in US dollars' },
  { value: 'eft', label: 'EFT', description: 'Instant EFT through PayFast' },
  { value: 'paypal', label: 'PayPal', description: 'Approve the payment at PayPal, charged in US dollars' },
] as const;

/** One payment method id. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

/** The draft field of the chosen method. */
export const PAYMENT_METHOD_FIELD = 'paymentMethod';

/** The checkout's preselected method, chosen here too until the author picks another. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'eft';

/** A stored value as a method id, else the default. */
export function toPaymentMethod(value: unknown): PaymentMethod {
  return PAYMENT_METHODS.find((method) => method.value === value)?.value ?? DEFAULT_PAYMENT_METHOD;
}
