import { isLoopbackAddress } from './client-address.js';
import type { DevMailboxAccess } from './config.js';
import { isSandboxUrl } from './config-safety.js';
import type { PaymentSettings } from './payments/index.js';

/**
 * The warning lines server.ts prints under its URLs: whatever this server runs that takes no real
 * money or shows mail meant for others should be impossible to miss in the console. Pure, so the
 * wording is tested.
 */

export interface StartState {
  payments: PaymentSettings;
  /** The dev mailbox as served: `off` when it is not registered (production, SMTP). */
  mailbox: DevMailboxAccess | 'off';
}

const WARNING = '  WARNING  ';

/** One line per sandbox that is on or receives payments, then the mailbox; [] for a real deployment. */
export function startWarnings({ payments, mailbox }: StartState): string[] {
  const providers: Array<{ name: string; path: string; urls: string[] }> = [
    { name: 'PayFast', path: '/sandbox/payfast', urls: [payments.payfast.processUrl, payments.payfast.validateUrl] },
    { name: 'Card', path: '/sandbox/card', urls: [payments.card.popupUrl, payments.card.verifyUrl] },
    { name: 'PayPal', path: '/sandbox/paypal', urls: [payments.paypal.apiBase] },
  ];
  const lines: string[] = [];
  for (const { name, path, urls } of providers) {
    const sandboxUrl = urls.find(isSandboxUrl);
    if (payments.sandbox) lines.push(`${WARNING}${name} sandbox on (${path}): test payments, no money moves`);
    else if (sandboxUrl) lines.push(`${WARNING}${name} payments go to a sandbox (${sandboxUrl}): no money moves`);
  }
  if (mailbox !== 'off') {
    const who = mailbox === 'open' ? 'open to every client (DEV_MAILBOX=open)' : 'this machine only';
    lines.push(`${WARNING}Dev mailbox on (/dev/mailbox), ${who}: it shows every e-mail, password-reset links included`);
  }
  return lines;
}

/** Whether listening on `host` keeps the server on this machine. */
function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/** The warning to log when an open mailbox listens beyond loopback (anyone who reaches it takes over accounts). */
export function exposedMailboxWarning(host: string, mailbox: DevMailboxAccess | 'off'): string | undefined {
  if (mailbox !== 'open' || isLoopbackHost(host)) return undefined;
  return `The dev mailbox is open to every client (DEV_MAILBOX=open) and the server listens on HOST=${host}: anyone who reaches it can read password-reset links and take over accounts`;
}
