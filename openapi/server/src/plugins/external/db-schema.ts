import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface VerificationTokensTable {
  id: string;
  user_id: number;
  purpose: 'verify' | 'reset';
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  email_outbox: EmailOutboxTable;
  verification_tokens: VerificationTokensTable;
  app_settings: AppSettingsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type VerificationTokenRow = Selectable<VerificationTokensTable>;
