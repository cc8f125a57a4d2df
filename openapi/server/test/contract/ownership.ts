import type { InjectOptions } from 'fastify';

/** User A's resources that user B tries to reach (built by the contract suite). */
export interface OwnerResources {
  /** A's user id and a one-time link token of B (a link with A's id and B's token). */
  userId: number;
  foreignVerifyToken: string;
  foreignResetToken: string;
  /** A local record with an international partner (an upload sold in both regions). */
  localBookId: number;
  internationalBookId: number;
  /** A record with a signed contract. */
  contractBookId: number;
  contractBookFlag: 0 | 1;
  /** An unpaid quote (archivable) and an archived unpaid record (deletable) of A. */
  quoteBookId: number;
  quoteBookFlag: 0 | 1;
  archivedBookId: number;
  archivedBookFlag: 0 | 1;
  /** A's cart item. */
  cartLocalId: number;
  cartInternationalId: number;
  /**
   * A link token genuinely signed by the server for user B that names a file of one of A's books
   * (what B could never obtain; the download re-checks whose book it is).
   */
  foreignFileToken: string;
  /** A's pending EFT attempt and card attempt. */
  eftReference: string;
  eftTransactionId: number;
  cardTxRef: string;
  /** The server-chosen name of an image in A's chat. */
  chatImageName: string;
}

export interface OwnershipCase {
  /** B's request naming A's resource (B's bearer token is added unless `public`). */
  request(a: OwnerResources): InjectOptions;
  /** The answers that mean "not yours" (404, or the operation's documented equivalent). */
  expect: number[];
  public?: boolean;
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url: `/api/v1${url}`,
  ...(payload && { payload }),
});
const chunkQuery = (a: OwnerResources, index: string) =>
  `?name=a.pdf&size=5&md5_chunk=x&${index}=0&totalChunks=1&local_bookId=${a.localBookId}&international_bookId=${a.internationalBookId}`;
const contractBody = (a: OwnerResources) => ({
  local_bookId: a.localBookId,
  international_bookId: a.internationalBookId,
  filedata: 'data:image/png;base64,AA==',
  initial_base64: 'data:image/png;base64,AA==',
  signed_place: 'Durban',
});
const pairQuery = (a: OwnerResources) => `?local_bookId=${a.localBookId}&international_bookId=${a.internationalBookId}`;
const uploadBody = (a: OwnerResources) => ({
  local_bookId: a.localBookId,
  international_bookId: a.internationalBookId,
});

/**
 * Every id-bearing operation of portal.yaml: how user B names user A's resource. B must get the
 * not-found answer and nothing of A's may change. 501 is accepted only while an operation is not
 * implemented (the suite checks it is the not-implemented Problem).
 */
export const OWNERSHIP: Record<string, OwnershipCase> = {
  verifyAccount: {
    public: true,
    request: (a) => json('GET', `/user/verifyaccount/${a.userId}/${a.foreignVerifyToken}`),
    expect: [400],
  },
  resetPassword: {
    public: true,
    request: (a) =>
      json('PUT', `/user/pwdlinkcheck/${a.userId}/${a.foreignResetToken}`, {
        password: 'N3w#Secret',
        confirm_password: 'N3w#Secret',
      }),
    expect: [400],
  },
  viewUsersBookInfo: { request: (a) => json('GET', `/user/viewusersbookinfo/${a.localBookId}/0`), expect: [404] },
  downloadFile: { public: true, request: (a) => json('GET', `/files/${a.foreignFileToken}`), expect: [404] },
  archiveBook: {
    request: (a) => json('DELETE', `/user/archivebook/${a.quoteBookId}/${a.quoteBookFlag}`),
    expect: [404],
  },
  deleteBook: {
    request: (a) => json('DELETE', `/user/deletebook/${a.archivedBookId}/${a.archivedBookFlag}`),
    expect: [404],
  },
  viewSignedContract: {
    request: (a) =>
      json(
        'POST',
        '/user/viewsignedcontract',
        a.contractBookFlag === 0
          ? { local_bookId: a.contractBookId, international_bookId: null }
          : { local_bookId: null, international_bookId: a.contractBookId },
      ),
    expect: [404],
  },
  resignContract: {
    request: (a) =>
      json('PUT', `/user/resign/${a.contractBookId}/${a.contractBookFlag}`, {
        filedata: 'data:,',
        initial_base64: 'data:,',
        signedPlace: 'Durban',
      }),
    expect: [404],
  },
  getOrdersPerBook: { request: (a) => json('GET', `/user/getordersperbook/${a.localBookId}`), expect: [404] },
  getSalePerBook: { request: (a) => json('GET', `/user/getsaleperbook/${a.localBookId}`), expect: [404] },
  removeCartItem: {
    request: (a) => json('DELETE', `/user/cart/${a.cartLocalId}/${a.cartInternationalId}`),
    expect: [404],
  },
  checkoutPayment: {
    request: (a) =>
      json('POST', '/user/checkoutpayment', {
        book_ids: [a.cartLocalId],
        international_book_ids: [a.cartInternationalId],
        reference: 'BAL-ownership',
      }),
    expect: [404],
  },
  createTransaction: {
    request: (a) =>
      json('POST', '/user/createtransaction', {
        transaction_ref: 'PAY-ownership',
        user_book_id: [a.cartLocalId],
        user_international_book_id: [a.cartInternationalId],
      }),
    expect: [404],
  },
  postTransaction: {
    request: (a) => json('POST', '/user/posttransaction', { transaction_ref: a.eftReference }),
    expect: [404],
  },
  postTransactionPayfast: {
    request: (a) =>
      json('POST', `/user/posttransactionpayfast/${a.eftReference}/${a.eftTransactionId}/forged`, {
        transaction_ref: a.eftReference,
      }),
    expect: [404],
  },
  confirmCheckoutSuccess: {
    request: (a) => json('POST', '/user/checkoutsuccess', { reference: a.eftReference, token: 'forged' }),
    expect: [404],
  },
  confirmCheckoutCancelled: {
    request: (a) => json('POST', '/user/checkoutcancelled', { reference: a.eftReference, token: 'forged' }),
    expect: [404],
  },
  verifyCardPayment: {
    request: (a) => json('POST', '/user/verifycardpayment', { tx_ref: a.cardTxRef }),
    expect: [404],
  },
  viewContract: {
    request: (a) =>
      json('GET', `/user/viewcontract?local_bookId=${a.localBookId}&international_bookId=${a.internationalBookId}`),
    expect: [404],
  },
  uploadSignature: { request: (a) => json('POST', '/user/uploadsignature', contractBody(a)), expect: [404] },
  uploadSignatureAppendix: {
    request: (a) => json('POST', '/user/uploadsignatureappendix', contractBody(a)),
    expect: [404],
  },
  submitContract: { request: (a) => json('POST', '/user/submitcontract', contractBody(a)), expect: [404] },
  submitContractAppendix: {
    request: (a) => json('POST', '/user/submitcontractappendix', contractBody(a)),
    expect: [404],
  },
  uploadPacket: {
    request: (a) => ({
      method: 'POST',
      url: `/api/v1/session/v2/packet${chunkQuery(a, 'currentChunkIndex')}`,
      payload: Buffer.from('bytes'),
      headers: { 'content-type': 'application/octet-stream' },
    }),
    expect: [404],
  },
  uploadPacketCover: {
    request: (a) => ({
      method: 'POST',
      url: `/api/v1/session/v2/packet-cover${chunkQuery(a, 'currentCoverChunkIndex')}`,
      payload: Buffer.from('bytes'),
      headers: { 'content-type': 'application/octet-stream' },
    }),
    expect: [404],
  },
  preflightBook: {
    request: (a) =>
      json('POST', '/user/preflight', { ...uploadBody(a), book: `${a.localBookId}-0-book-0123456789ab.pdf` }),
    expect: [404],
  },
  getCoverSpec: { request: (a) => json('GET', `/user/coverspec${pairQuery(a)}`), expect: [404] },
  getCoverTemplate: { request: (a) => json('GET', `/user/covertemplate${pairQuery(a)}&type=pdf`), expect: [404] },
  getPrintProof: { request: (a) => json('GET', `/user/printproof${pairQuery(a)}`), expect: [404] },
  uploadBook: { request: (a) => json('POST', '/user/uploadbook', uploadBody(a)), expect: [404] },
  getChatImage: { request: (a) => json('GET', `/chat/user/image/${a.chatImageName}`), expect: [404] },
  uploadBookEbook: { request: (a) => json('POST', '/user/uploadbookebook', uploadBody(a)), expect: [404] },
  uploadBookAudio: { request: (a) => json('POST', '/user/uploadbookaudio', uploadBody(a)), expect: [404] },
  // Reports: a book of A's among B's compared books is a 404 like any unknown book (not filtered out).
  getSalesReport: {
    request: (a) => json('GET', `/reports/sales?from=2025-01-01&to=2025-12-31&bookIds=${a.localBookId}`),
    expect: [404],
  },
  exportReport: {
    request: (a) => json('GET', `/reports/export/orders?bookIds=${a.internationalBookId}`),
    expect: [404],
  },
};

/** Operations that name no other user's resource, each with the reason. */
export const NOT_ID_BEARING: Record<string, string> = {
  login: 'credentials, no resource id',
  loginTwoFactor:
    'a signed challenge naming its account (an altered one is refused) and a code; tested in services/two-factor-login',
  refreshToken: 'a refresh token is a credential, not an id (rotation and reuse are tested in services/auth)',
  logout: 'a refresh token is a credential; logout reveals nothing and revokes only that family',
  addUser: 'creates a new account',
  viewUserInfo: "the token's user only",
  editUser: "the token's user only",
  requestChange: "the token's user only",
  changePassword: "the token's user only",
  forgotPassword: 'an e-mail address; the answer is the same for every address',
  changeEmail: "the token's user only",
  approveUserChanges: "the token's user only",
  setInitialLogin: "the token's user only",
  setupTwoFactor: "the token's user only",
  enableTwoFactor: "the token's user only",
  disableTwoFactor: "the token's user only",
  setLoginNotifications: "the token's user only",
  getUserBooks: "lists the token's user's books",
  getBooksRenewal: "lists the token's user's books",
  getBookOrders: "lists the token's user's orders (skip/take only)",
  getAllSale: "lists the token's user's sales",
  getCart: "the token's user's cart; coupon_id names a coupon, which every account may use",
  verifyCartCoupon: 'a coupon code, shared by every account',
  addCoupon: "a coupon code, credited to the token's user",
  payfastNotify:
    "the provider's signed notification (signature, source, merchant, amount, server-to-server validation); no bearer user",
  listTransactions: "the token's user's ledger (skip/take only)",
  realtimeRoyalty: 'a calculation, no stored resource',
  getQuote: "creates the token's user's quote",
  getValidIsbn: 'an ISBN, unique across all books by design',
  saveUserSignature: "the token's user's signature",
  bulkCalculate: "creates the token's user's quote",
  bulkCalculateBatch: "creates the token's user's quotes",
  getQuoteInfo: 'reference data',
  getPricingList: 'reference data',
  getAllVoiceoverArtists: 'reference data',
  sendChatMessage: "the token's user's chat",
  getChat: "the token's user's chat",
  getLegalDocument: 'a public document, the same for everyone (no user, no id)',
  getPushPublicKey: 'the VAPID public key, the same for everyone (no user, no id)',
  reportRemoteEvents: 'anonymous counts of front-end loads and errors; names no user and no resource',
  savePushSubscription:
    "the token's user's subscription; an endpoint is the browser's own secret URL, and saving it moves it to the saver (one browser, one recipient)",
  deletePushSubscription: "only the token's user's subscription of that endpoint; another user's stays (services/push)",
  getReportsSummary: "the token's user's figures only",
  listStatements: "the token's user's statements only",
  getStatement: "a quarter (YYYY-Qn) of the token's user's own statements; no one else's figures can be named",
};
