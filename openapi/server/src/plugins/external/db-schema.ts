import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PreflightAnalysis } from '../../domain/preflight/types.js';

/** timestamptz: read as Date, written as Date (always from the injectable clock, never now() in SQL). */
type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name_first: string;
  name_last: string;
  phone_main: string | null;
  /** numeric(12,2) arrives as a string from both drivers to keep precision. */
  balance: ColumnType<string, string | number | undefined, string | number>;
  user_status: ColumnType<number, number | undefined, number>;
  /** jsonb: drivers parse it on read; we write JSON text so pg and PGlite cast it the same way. */
  misc: ColumnType<Record<string, unknown>, string | undefined, string>;
  admin_confirmation: ColumnType<number, number | undefined, number>;
  user_confirmation: ColumnType<number, number | undefined, number>;
  pending_changes: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  initial_login: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Migration 013: e-mail a sign-in from a new browser (on by default). */
  login_notifications: ColumnType<boolean, boolean | undefined, boolean>;
  /** The active TOTP secret, sealed (plugins/external/secret-box.ts); two-factor is on exactly when set. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret made by POST /user/2fa/setup, sealed, waiting for its confirming code. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The newest accepted 30-second step: a code of this step or an earlier one is refused. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RefreshTokensTable {
  id: string;
  user_id: number;
  family_id: string;
  parent_id: string | null;
  issued_at: Timestamp;
  expires_at: Timestamp;
  family_expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Migration 009: [{ filename, contentType, content (base64) }]. */
  attachments: Json<StoredMailAttachment[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export interface VerificationTokensTable {
  id: string;
  user_id: number;
  purpose: 'verify' | 'reset' | 'email-change';
  token_hash: string;
  /** Migration 012: the address an 'email-change' link confirms (null for the other purposes). */
  new_email: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One fixed attempt window per key (migration 007); see plugins/app/attempt-repository.ts. */
export interface AttemptCountersTable {
  key: string;
  count: number;
  resets_at: Timestamp;
}

/** Idempotency-Key claims and kept answers (migration 014); see src/idempotency.ts. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  scope: string;
  key: string;
  user_id: number | null;
  fingerprint: string;
  /** Null while the first request with the key is still running. */
  status_code: number | null;
  content_type: string | null;
  body: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  created_at: Timestamp;
  locked_until: Timestamp;
  expires_at: Timestamp;
  completed_at: NullableTimestamp;
}

/** Web push subscriptions, one per user and endpoint (migration 015); see services/push.ts. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: ColumnType<Date, Date | undefined, never>;
}

/** numeric columns arrive as strings from both drivers (precision); written as number or string. */
type Numeric = ColumnType<string, string | number | undefined, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null | undefined, string | number | null>;
/** jsonb: parsed on read, written as JSON text (pg and PGlite cast text the same way). */
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type FormatType = 'print' | 'ebook' | 'audiobook';

/** Content of books.misc (BookMisc of portal.yaml, minus the derived match ids). */
export interface BookMiscData {
  status?: string;
  archived?: boolean;
  isPaid?: boolean;
  bookStage?: string;
  metaDataInfo?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Signed contract details stored with the book (the wizard's SignedContractPayload, trimmed). */
export interface BookContractData {
  signed_at: string;
  print_name: string;
  signed_place: string;
  publish_name?: string;
  email?: string;
  authors?: string;
  is_self_publisher?: boolean;
  /** data: URL (PNG/JPEG) of the drawn signature and initials, when captured. */
  signature?: string | null;
  initials?: string | null;
  [key: string]: unknown;
}

export interface StoredBookFile {
  filename: string;
  title: string;
  kind: 'cover' | 'book' | 'audio' | 'thumbnail' | 'contract' | string;
}

export interface BooksTable {
  id: Generated<number>;
  user_id: number;
  pair_id: string;
  is_international: boolean;
  book_title: string;
  format_type: FormatType;
  no_of_pages: number | null;
  isbn: string | null;
  book_code: string | null;
  genre_id: number | null;
  price_sale: NullableNumeric;
  local_price: NullableNumeric;
  international_price: NullableNumeric;
  local_royalty: NullableNumeric;
  international_royalty: NullableNumeric;
  misc: Json<BookMiscData>;
  contract: NullableJson<BookContractData>;
  thumbnail: string | null;
  files: Json<StoredBookFile[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface SalesSummariesTable {
  book_id: number;
  profit: Numeric;
  quantity: ColumnType<number, number | undefined, number>;
  returned: ColumnType<number, number | undefined, number>;
  total_royalties: Numeric;
  total_revenue: Numeric;
  total_cost: Numeric;
}

export interface OrdersTable {
  id: Generated<number>;
  order_id: string;
  user_id: number;
  book_id: number | null;
  product_title: string;
  customer: string | null;
  sale_status: string;
  selling_price: Numeric;
  quantity: ColumnType<number, number | undefined, number>;
  order_date: Timestamp;
  takealot_url: string | null;
  /** Where the copy was sold (migration 016): takealot, amazon, direct... */
  channel: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /**
   * Whether this line counts in the reports (migration 017): the first recorded line of its
   * (book, order id); set by the insert trigger, never by a writer.
   */
  counted: ColumnType<boolean, never, never>;
  /** The royalty per copy when the line was recorded (017); the book's unless the writer gives one. */
  royalty_per_unit: NullableNumeric;
  royalty_currency: ColumnType<'ZAR' | 'USD' | null, 'ZAR' | 'USD' | null | undefined, 'ZAR' | 'USD' | null>;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  type: 'value' | 'percentage';
  amount: Numeric;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  expires_at: NullableTimestamp;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  context: 'balance' | 'cart';
  amount: Numeric;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One service of a cart item (CartService of portal.yaml). */
export interface CartServiceData {
  name: string;
  description?: string;
  cost: number;
  discount?: number;
  discount_type?: number;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  book_id: number | null;
  international_book_id: number | null;
  misc: Json<CartServiceData[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface VoiceArtistsTable {
  id: number;
  name: string;
  gender: string | null;
  nationality: string | null;
  sample_url: string | null;
}

export type ReferenceGroup =
  'localPaperTypes' | 'internationalPaperTypes' | 'localBookTypes' | 'internationalBookTypes' | 'genres';

export interface ReferenceOptionsTable {
  group_name: ReferenceGroup;
  id: number;
  name: string;
  max_page: number | null;
  unit_cost: NullableNumeric;
  subject_heading: string | null;
  bisac: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
}

/** A standard book size (migration 008). */
export interface BookSizesTable {
  id: number;
  name: string;
  height_mm: number;
  width_mm: number;
  template: 'A5' | 'NC' | 'A4' | null;
  orientation: 'portrait' | 'landscape' | 'square';
  is_local: boolean;
  is_international: boolean;
  sort_order: ColumnType<number, number | undefined, number>;
}

export interface PricesTable {
  id: number;
  config: Json<Record<string, unknown>>;
}

export type PaymentProvider = 'balance' | 'eft' | 'card' | 'paypal';
export type PaymentStatus = 'pending' | 'complete' | 'cancelled' | 'failed';

/** The cart a payment is for: the pairs' ids and the coupon, as the server checked them. */
export interface PaymentCartData {
  book_ids: number[];
  international_book_ids: number[];
  coupon_id: number | null;
}

export interface PaymentTransactionsTable {
  id: Generated<number>;
  user_id: number;
  reference: string;
  provider_reference: string;
  provider: PaymentProvider;
  status: PaymentStatus;
  amount: ColumnType<string, string | number, string | number>;
  provider_amount: ColumnType<string, string | number, string | number>;
  provider_currency: 'ZAR' | 'USD';
  return_token_hash: string | null;
  cart: Json<PaymentCartData>;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  cart_paid: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type LedgerEntryType =
  'welcome credit' | 'opening balance' | 'coupon' | 'top-up' | 'payment' | 'royalty payout' | 'admin credit';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  type: LedgerEntryType;
  reference: string | null;
  amount_before_fees: ColumnType<string, string | number, never>;
  fee: ColumnType<string, string | number | undefined, never>;
  amount_after_fees: ColumnType<string, string | number, never>;
  /** complete, or pending/cancelled/failed for a provider top-up that has not (yet) credited. */
  status: ColumnType<string, string | undefined, string>;
  balance_after: ColumnType<string, string | number, string | number>;
  payment_transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Background work (migration 006, src/jobs/). */
export interface JobsTable {
  id: Generated<number>;
  type: string;
  payload: Json<Record<string, unknown>>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  next_run_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export type PaymentNotificationStatus = 'received' | 'processed' | 'refused' | 'failed';

/** Payment notifications as received (migration 006), processed by the `payfast-itn` job. */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: ColumnType<string, string | undefined, string>;
  raw_body: string;
  source_address: string;
  payment_reference: string | null;
  received_at: Timestamp;
  status: ColumnType<PaymentNotificationStatus, PaymentNotificationStatus | undefined, PaymentNotificationStatus>;
  outcome: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  processed_at: NullableTimestamp;
}

/** The signature last drawn by a user (migration 009). */
export interface UserSignaturesTable {
  user_id: number;
  data_url: string;
  updated_at: Timestamp;
}

/** The signed contract PDF of one upload, as signed (migration 009). */
export interface ContractDocumentsTable {
  id: Generated<number>;
  user_id: number;
  pair_id: string;
  pdf: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  signed_at: Timestamp;
  appendix_signed_at: NullableTimestamp;
  /** Migration 012: set when a re-signed contract replaced this one (kept as it was signed). */
  superseded_at: NullableTimestamp;
}

/** One upload whose contract must be re-signed after an approved update request (migration 012). */
export interface ContractRenewalsTable {
  id: Generated<number>;
  user_id: number;
  pair_id: string;
  requested_at: Timestamp;
  resigned_at: NullableTimestamp;
  document_id: number | null;
}

export type ChatSource = 'user' | 'admin' | 'system';

/** A message of a user's support chat (migration 012). */
export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  source: ChatSource;
  message: string;
  /** Server-chosen file name of an attached image (file store), or null. */
  image_name: string | null;
  /** The admin who wrote an `admin` message. */
  author: string | null;
  created_at: Timestamp;
}

/** A one-time recovery code of two-factor sign-in (migration 013): only its SHA-256. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

/** One action of the admin console (migration 012). */
export interface AdminAuditTable {
  id: Generated<number>;
  actor: string;
  action: string;
  user_id: number | null;
  target: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export type UploadKind = 'book' | 'cover';

/** One chunked upload (migration 010); see services/uploads.ts. */
export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  pair_id: string;
  local_book_id: number | null;
  international_book_id: number | null;
  kind: UploadKind;
  name: string;
  size: number;
  total_chunks: number;
  next_index: ColumnType<number, number | undefined, number>;
  received_bytes: ColumnType<number, number | undefined, number>;
  first_md5: string | null;
  last_md5: string | null;
  storage_key: string;
  final_filename: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  /** Migration 011: the kept preflight analysis of a complete book file (services/preflight.ts). */
  preflight: ColumnType<StoredPreflight | null, string | null | undefined, string | null>;
}

/** A book file's preflight as kept on its upload: what it was checked against, by which checker. */
export interface StoredPreflight {
  version: number;
  key: string;
  analysis: PreflightAnalysis;
}

export type UploadRow = Selectable<UploadsTable>;

/** The payment sandboxes' sessions (migration 019); see src/payments/sandbox/sessions.ts. */
export interface PaymentSandboxSessionsTable {
  provider: 'payfast' | 'card' | 'paypal';
  kind: string;
  id: string;
  status: string;
  state: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Front-end load and error counters of the remotes (migration 021); see services/monitoring.ts. */
export interface RemoteEventCountsTable {
  environment: string;
  remote: string;
  version: string;
  channel: string;
  route: string;
  kind: string;
  /** The hour (UTC) the events were reported in. */
  hour: Timestamp;
  /** bigint: read as text by both drivers (summed in SQL). */
  count: ColumnType<string, number, number>;
}

export interface Database {
  idempotency_keys: IdempotencyKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  recovery_codes: RecoveryCodesTable;
  chat_messages: ChatMessagesTable;
  contract_renewals: ContractRenewalsTable;
  admin_audit: AdminAuditTable;
  uploads: UploadsTable;
  user_signatures: UserSignaturesTable;
  contract_documents: ContractDocumentsTable;
  jobs: JobsTable;
  payment_notifications: PaymentNotificationsTable;
  users: UsersTable;
  books: BooksTable;
  sales_summaries: SalesSummariesTable;
  orders: OrdersTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  cart_items: CartItemsTable;
  payment_transactions: PaymentTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  voice_artists: VoiceArtistsTable;
  reference_options: ReferenceOptionsTable;
  book_sizes: BookSizesTable;
  prices: PricesTable;
  refresh_tokens: RefreshTokensTable;
  email_outbox: EmailOutboxTable;
  verification_tokens: VerificationTokensTable;
  app_settings: AppSettingsTable;
  attempt_counters: AttemptCountersTable;
  schema_migrations: SchemaMigrationsTable;
  payment_sandbox_sessions: PaymentSandboxSessionsTable;
  remote_event_counts: RemoteEventCountsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type VerificationTokenRow = Selectable<VerificationTokensTable>;
export type BookRow = Selectable<BooksTable>;
export type NewBookRow = Insertable<BooksTable>;
export type SalesSummaryRow = Selectable<SalesSummariesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type CouponRow = Selectable<CouponsTable>;
export type CartItemRow = Selectable<CartItemsTable>;
export type VoiceArtistRow = Selectable<VoiceArtistsTable>;
export type ReferenceOptionRow = Selectable<ReferenceOptionsTable>;
export type BookSizeRow = Selectable<BookSizesTable>;
export type PaymentTransactionRow = Selectable<PaymentTransactionsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type JobRow = Selectable<JobsTable>;
export type ContractDocumentRow = Selectable<ContractDocumentsTable>;
export type PaymentNotificationRow = Selectable<PaymentNotificationsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ContractRenewalRow = Selectable<ContractRenewalsTable>;
export type AdminAuditRow = Selectable<AdminAuditTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
