import type { AttemptLimit } from './domain/attempt-limiter.js';
import { DEFAULT_CANARY_RULE } from './domain/canary-guard.js';
import type { JobsSettings } from './jobs/index.js';
import { loadPaymentSettings, type PaymentSettings } from './payments/index.js';
import { loadPushSettings, type PushSettings } from './push/settings.js';
import { defaultDataDir, defaultStaticRoot, defaultUploadDir } from './paths.js';
import { loadFileStoreSettings, type FileStoreSettings } from './storage/index.js';
import { loadTimeoutSettings, type TimeoutSettings } from './timeouts.js';

export interface RateLimits {
  /** Failed logins per e-mail; while exceeded even the right password answers 429 (no oracle). */
  loginFailuresPerEmail: AttemptLimit;
  /** Failed logins per client address (guessing across many e-mails); untrusted clients only. */
  loginFailuresPerAddress: AttemptLimit;
  /** Failed logins per device cookie: a trusted browser's allowance instead of the account's. */
  loginFailuresPerDevice: AttemptLimit;
  /** Registration attempts per client address. */
  registrationsPerAddress: AttemptLimit;
  /** Password-reset requests per e-mail address (known or not: the answer must not differ). */
  passwordResetsPerEmail: AttemptLimit;
  /** Password-reset requests per client address (mail bombing across many addresses). */
  passwordResetsPerAddress: AttemptLimit;
  /** E-mail change requests per user (each checks the password and mails two addresses). */
  emailChangesPerUser: AttemptLimit;
  /** Chat messages per user (each may store an image of up to 1 MB). */
  chatMessagesPerUser: AttemptLimit;
  /** Attempts to turn two-factor off per user (each checks the password). */
  twoFactorDisablesPerUser: AttemptLimit;
  /** Batches of front-end event counts per client address (POST /monitoring/remote-events, anonymous). */
  remoteEventsPerAddress: AttemptLimit;
}

/** Runtime settings of the API. Everything time-related goes through `now` so tests can move the clock. */
export interface AppConfig {
  /** HS256 master secret. Undefined: JWT_SECRET, else a random secret persisted in the database. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a refresh-token family, counted from login / registration; rotation never extends it. */
  refreshFamilyTtlSeconds: number;
  /** Lifetime of the e-mailed account verification link. */
  verificationTokenTtlSeconds: number;
  /** Lifetime of the e-mailed password reset link. */
  resetTokenTtlSeconds: number;
  /** Origin of the front end, used in e-mailed links. */
  publicUrl: string;
  mailFrom: string;
  /** Credited to every new account (the spec announces R100 on the welcome step). */
  welcomeCredit: number;
  /** false disables rate limiting (env RATE_LIMIT=off): sign-in, registration, reset, chat and the front-end reports. */
  rateLimits: RateLimits | false;
  /**
   * The deployment environment this server stands for (env PORTAL_ENV, default `local`): GET
   * /remotes.json answers environments/<portalEnv>/remotes.json of the static root.
   */
  portalEnv: string;
  /**
   * Who may read the dev mailbox when it is served (never in production): `loopback` (default,
   * env DEV_MAILBOX unset) only this machine; `open` (DEV_MAILBOX=open) every client.
   */
  devMailbox: DevMailboxAccess;
  /** Payment providers (PAYFAST_*, CARD_*, PAYPAL_*, USD_ZAR_RATE, PAYMENT_SANDBOX); see payments/index.ts. */
  payments: PaymentSettings;
  /** Client, request-body and database timeouts and limits (REQUEST_TIMEOUT_MS, DB_*...); see timeouts.ts. */
  timeouts: TimeoutSettings;
  /** Background jobs (JOBS_WORKER, JOBS_POLL_MS); see src/jobs/. */
  jobs: JobsSettings;
  now: () => Date;
  /**
   * Serve the OpenAPI reference of portal.yaml at /api/docs (env API_DOCS=on|off). Unset: on in
   * development, off in production, where it is one more page to keep patched and the contract
   * is only for the portal's own front ends.
   */
  apiDocs: boolean;
  /** NODE_ENV=production: no dev mailbox, sandboxes off by default, refusals at start. */
  production: boolean;
  /** TRUST_PROXY=1: the client address comes from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** SMTP_URL: deliver e-mail over SMTP; unset keeps it in the dev outbox. */
  smtpUrl: string | undefined;
  /** DATABASE_URL (PostgreSQL) or else DATA_DIR (PGlite, default <repo>/.data/db). */
  database: { url: string | undefined; dataDir: string };
  /** Chunked uploads and where files go (UPLOAD_DIR, UPLOAD_ABANDON_HOURS, FILE_STORE, S3_*); see services/uploads.ts. */
  uploads: UploadSettings;
  /** Web push: VAPID keys and subject, local endpoints, delivery timeout (POD_VAPID_*, POD_PUSH_*); see push/settings.ts. */
  push: PushSettings;
  /** The canary guard (CANARY_GUARD, CANARY_GUARD_INTERVAL_SECONDS, CANARY_ERROR_MARGIN, CANARY_MIN_LOADS); see jobs/canary-guard.ts. */
  canaryGuard: CanaryGuardSettings;
}

/**
 * The canary guard: a recurring job that rolls back a canary whose error rate exceeds the stable
 * version's by more than `marginPoints` (jobs/canary-guard.ts). It runs only where the server
 * serves a static root (the files it changes).
 */
export interface CanaryGuardSettings {
  /** CANARY_GUARD=off turns it off; on by default. */
  enabled: boolean;
  /** Seconds between two checks (CANARY_GUARD_INTERVAL_SECONDS, default 60). */
  intervalSeconds: number;
  /** Percentage points above the stable error rate that roll a canary back (CANARY_ERROR_MARGIN, default 5). */
  marginPoints: number;
  /** Loads of the canary before it is judged (CANARY_MIN_LOADS, default 20). */
  minLoads: number;
}

export interface UploadSettings {
  /** Folder of the local file store (default <repo>/.data/uploads). */
  dir: string;
  /** Partial uploads untouched this long are removed (default 48). */
  abandonHours: number;
  /** FILE_STORE: the local disk under `dir` (default) or S3-compatible storage (S3_*); storage/index.ts. */
  store: FileStoreSettings;
}

/** What only the listening process (server.ts) needs: where to listen, what to serve and log. */
export interface ListenConfig {
  port: number;
  /** Loopback unless asked: the demo serves a dev mailbox and payment sandboxes. HOST=0.0.0.0 publishes it. */
  host: string;
  staticRoot: string;
  logLevel: string;
  specPath: string | undefined;
  /** SEED_DEMO=0 skips the demo accounts. */
  seedDemo: boolean;
}

export function loadListenConfig(env: NodeJS.ProcessEnv = process.env): ListenConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST || '127.0.0.1',
    staticRoot: env.STATIC_ROOT ?? defaultStaticRoot,
    logLevel: env.LOG_LEVEL ?? 'info',
    specPath: env.OPENAPI_SPEC || undefined,
    seedDemo: env.SEED_DEMO !== '0',
  };
}

export type DevMailboxAccess = 'loopback' | 'open';

/** DEV_MAILBOX: unset or `loopback`, or `open`; anything else is a typo worth stopping for. */
function devMailboxAccess(raw: string | undefined): DevMailboxAccess {
  const value = raw?.trim().toLowerCase() || 'loopback';
  if (value !== 'loopback' && value !== 'open') {
    throw new Error(`DEV_MAILBOX must be "loopback" (the default) or "open", got '${raw}'`);
  }
  return value;
}

/** API_DOCS: `on` or `off`; unset follows NODE_ENV (on unless production); anything else is a typo. */
function apiDocsSetting(raw: string | undefined, production: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return !production;
  if (value !== 'on' && value !== 'off') throw new Error(`API_DOCS must be "on" or "off", got '${raw}'`);
  return value === 'on';
}

/** Environment names are folder names in the static root: nothing path-like. */
const PORTAL_ENV_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

function portalEnvironment(raw: string | undefined): string {
  const name = raw?.trim() || 'local';
  if (!PORTAL_ENV_NAME.test(name)) {
    throw new Error(`PORTAL_ENV must be letters, digits, "-" and "_" (e.g. staging), got '${raw}'`);
  }
  return name;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerEmail: { max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { max: 50, windowSeconds: 15 * 60 },
  loginFailuresPerDevice: { max: 10, windowSeconds: 15 * 60 },
  registrationsPerAddress: { max: 30, windowSeconds: 60 * 60 },
  passwordResetsPerEmail: { max: 5, windowSeconds: 60 * 60 },
  passwordResetsPerAddress: { max: 20, windowSeconds: 60 * 60 },
  emailChangesPerUser: { max: 5, windowSeconds: 60 * 60 },
  chatMessagesPerUser: { max: 60, windowSeconds: 60 * 60 },
  twoFactorDisablesPerUser: { max: 5, windowSeconds: 60 * 60 },
  remoteEventsPerAddress: { max: 100, windowSeconds: 10 * 60 },
};

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`Expected a positive whole number, got '${raw}'`);
  }
  return value;
}

/** A whole number from `min` to `max` read from variable `name`; anything else stops the start, naming it. */
function wholeNumberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

/** CANARY_*: the guard's switch, interval and rule (see CanaryGuardSettings). */
export function loadCanaryGuardSettings(env: NodeJS.ProcessEnv = process.env): CanaryGuardSettings {
  const switchValue = env.CANARY_GUARD?.trim().toLowerCase() || 'on';
  if (switchValue !== 'on' && switchValue !== 'off') {
    throw new Error(`CANARY_GUARD must be "on" (the default) or "off", got '${env.CANARY_GUARD}'`);
  }
  const margin = env.CANARY_ERROR_MARGIN?.trim() ? Number(env.CANARY_ERROR_MARGIN) : DEFAULT_CANARY_RULE.marginPoints;
  if (!Number.isFinite(margin) || margin < 0 || margin > 100) {
    throw new Error(
      `CANARY_ERROR_MARGIN must be a number of percentage points from 0 to 100, got '${env.CANARY_ERROR_MARGIN}'`,
    );
  }
  return {
    enabled: switchValue === 'on',
    intervalSeconds: wholeNumberSetting(env, 'CANARY_GUARD_INTERVAL_SECONDS', 60, 1, 86_400),
    marginPoints: margin,
    minLoads: wholeNumberSetting(env, 'CANARY_MIN_LOADS', DEFAULT_CANARY_RULE.minLoads, 1, 1_000_000),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Unset: this server on the port it listens on (PORT=8190 must not send e-mail links and
  // payment returns to :8080).
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT?.trim() || '8080'}`).replace(/\/+$/, '');
  return {
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: positiveInt(env.ACCESS_TOKEN_TTL_SECONDS, 15 * MINUTE),
    refreshFamilyTtlSeconds: 30 * DAY,
    verificationTokenTtlSeconds: DAY,
    resetTokenTtlSeconds: 60 * MINUTE,
    publicUrl,
    mailFrom: env.MAIL_FROM || 'Print on Demand <no-reply@pod.local>',
    welcomeCredit: 100,
    rateLimits: env.RATE_LIMIT === 'off' ? false : DEFAULT_RATE_LIMITS,
    portalEnv: portalEnvironment(env.PORTAL_ENV),
    devMailbox: devMailboxAccess(env.DEV_MAILBOX),
    payments: loadPaymentSettings(env, publicUrl),
    timeouts: loadTimeoutSettings(env),
    jobs: {
      worker: env.JOBS_WORKER !== 'off',
      pollIntervalMs: positiveInt(env.JOBS_POLL_MS, 500),
      ...(env.JOBS_LEASE_MS && { leaseMs: positiveInt(env.JOBS_LEASE_MS, 5 * 60 * 1000) }),
    },
    now: () => new Date(),
    apiDocs: apiDocsSetting(env.API_DOCS, production),
    production,
    trustProxy: ['1', 'true'].includes(env.TRUST_PROXY ?? ''),
    smtpUrl: env.SMTP_URL || undefined,
    database: { url: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || defaultDataDir },
    uploads: {
      dir: env.UPLOAD_DIR || defaultUploadDir,
      abandonHours: positiveInt(env.UPLOAD_ABANDON_HOURS, 48),
      store: loadFileStoreSettings(env),
    },
    push: loadPushSettings(env),
    canaryGuard: loadCanaryGuardSettings(env),
  };
}
