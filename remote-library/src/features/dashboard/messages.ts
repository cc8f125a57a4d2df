/** sessionStorage flags: the payout and browser notices show once per browser session. */
export const SESSION_FLAGS = {
  payoutNotice: 'pod.dashboard.payoutNoticeShown',
  browserNotice: 'pod.dashboard.browserNoticeShown',
} as const;

/** The alert after the card provider's return to /dashboard (?status=&tx_ref=&transaction_id=). */
export const CARD_RETURN_MESSAGES = {
  cartPaid: 'Your items have been successfully processed',
  received: 'Your payment was received',
  pending: 'Your card payment is being confirmed',
  notCompleted: 'Your card payment was not completed',
} as const;

/** The query parameters the card provider appends to /dashboard. */
export const CARD_RETURN_PARAMS = ['status', 'tx_ref', 'transaction_id'] as const;
