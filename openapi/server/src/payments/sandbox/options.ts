import type { PayFastSettings, ProviderHttp } from '../types.js';
import type { SandboxSessions } from './sessions.js';

/** What the sandboxes need to know: the merchants they accept, how to reach the merchant, its origin. */
export interface PaymentSandboxOptions {
  /** The merchant the PayFast sandbox accepts, and its passphrase. */
  payfast: PayFastSettings;
  card: { publicKey: string; secretKey: string };
  paypal: { clientId: string; secret: string };
  /** How the PayFast sandbox posts its ITN to the merchant's notify_url. */
  http: ProviderHttp;
  /**
   * This server's public URL (config.publicUrl): the only origin the sandboxes redirect to, and the
   * base of the only notify URL the PayFast sandbox posts to (sandbox-targets.ts).
   */
  publicUrl: string;
  /** Where the sessions live: the database every API instance shares (sessions.ts). */
  sessions: SandboxSessions;
}
