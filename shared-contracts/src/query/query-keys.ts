/**
 * The query keys of the portal's server state. Every remote builds keys here, never by hand,
 * so an invalidation rule (./invalidation.ts) reaches every view of the same data whichever
 * remote shows it. The first element is the resource; invalidating it covers every variant.
 */
export const queryKeys = {
  /** GET /user/viewuserinfo: the current user (balance, cart as stored), kept in the session. */
  user: () => ['user'] as const,
  /** The dashboard's re-reads of the user until its `initial_login` is known (under `user`). */
  welcomeCheck: (userId: number | null) => ['user', 'welcome-check', userId] as const,
  /** GET /user/cart, with or without a coupon. */
  cart: (couponId: number | null = null) => ['cart', { couponId }] as const,
  /** GET /user/getuserbooks. */
  books: () => ['books'] as const,
  /** One book's files, sales and orders (the detail panel). */
  bookDetail: (region: string, id: number) => ['books', 'detail', region, id] as const,
  /**
   * GET /user/getbookorders, the pages of one search of /orders (the server filters). Without
   * filters, the shared loader's list: its first page is the loader's request.
   */
  orders: (filters: { q: string; from: string; to: string } = { q: '', from: '', to: '' }) =>
    ['orders', filters] as const,
  /** GET /user/getallsale. */
  sales: () => ['sales'] as const,
  /**
   * GET /reports/*: `summary` (the dashboard), `statements`, or `sales` with its query (the
   * filters, so each selection is cached apart). Sales, books and payments make them stale.
   */
  reports: (kind: 'summary' | 'statements' | 'sales', params: Record<string, unknown> = {}) =>
    ['reports', kind, params] as const,
  /** GET /user/transactions (the newest 100). */
  transactions: () => ['transactions'] as const,
  /** GET /user/quoteinfo. */
  resources: () => ['resources'] as const,
  /** GET /voiceover/getallvoiceoverartists. */
  voiceArtists: () => ['voiceArtists'] as const,
  /** GET /user/pricinglist. */
  prices: () => ['prices'] as const,
  /** GET /user/booksrenewal (books whose contract must be re-signed). */
  booksRenewal: () => ['booksRenewal'] as const,
  /** A provider's return to /checkout/success, confirmed once per reference and token. */
  checkoutConfirmation: (reference: string, token: string) => ['checkoutConfirmation', reference, token] as const,
  /** An e-mail verification link, used once (its token works once). */
  accountVerification: (id: number, token: string) => ['accountVerification', id, token] as const,
  /** GET /chat/user/getchat: the support chat's messages. */
  chat: () => ['chat'] as const,
  /** GET /chat/user/image/{name}: one image of the chat (a separate resource: a new message leaves it as it is). */
  chatImage: (name: string) => ['chatImage', name] as const,
  /** A provider's return to /checkout/cancelled, recorded once per reference and token. */
  checkoutCancellation: (reference: string, token: string) => ['checkoutCancellation', reference, token] as const,
} as const;

/** The resource a key belongs to: what invalidation rules name. */
export type QueryResource = ReturnType<(typeof queryKeys)[keyof typeof queryKeys]>[0];
