/**
 * The admin console's command line, wherever it runs: parses the arguments, runs one command
 * against an AdminConsole and answers what to print and the exit code (0 done, 1 refused, 2 a
 * usage error). The console process (cli.ts) runs it against the database it opens; a server on
 * PGlite runs the very same function for a command the console forwards (channel-server.ts).
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { AdminError, type AdminConsole } from './index.js';
import { PrintedReport } from './reports.js';

export const ADMIN_HELP = `Admin console of the Print on Demand portal (acts on the server's database; every action is audited)

Usage: pnpm --filter api-server admin <command> [options]     (--as NAME: who acts; --json: JSON output)

  requests list                          update requests waiting for review
  requests show <user>                   one request (account numbers masked)
  requests approve <user>                apply it; contracts must be re-signed (user_status 2)
  requests deny <user> [--reason TEXT]   drop it; the user is told in the chat
  chat show <user> [--limit N]           the user's chat, newest N messages (default 50)
  chat reply <user> <message...>         answer in the user's chat as the support team
  book show <book id>
  book status <book id> <quote|pending|denied|approved>
  book paid <book id>                    mark the upload paid (both region records)
  order add <book id> --order-id ID --price RAND [--quantity N] [--status TEXT] [--customer NAME] [--date ISO]
                                         record an order line; the book's sales summary is recomputed
  sales set <book id> --sold N --revenue RAND [--returned N] [--royalties RAND] [--cost RAND] [--profit RAND]
  balance credit <user> <rand> [--reason TEXT]
  coupon create <CODE> --type value|percentage --amount N [--expires ISO]
  two-factor off <user>                  turn two-factor sign-in off (lost phone and recovery codes)
  push test <user>                       send a test notification to every push subscription of the user
  audit [--limit N] [--user <user>]      the audit trail, newest first
  report remotes --env NAME [--since 24h]
                                         front-end loads, load failures, render errors and the error rate
                                         of each remote version in environment NAME (pnpm report:remotes)
  help

<user> is an account id or e-mail address.`;

const OPTIONS = {
  as: { type: 'string' },
  json: { type: 'boolean' },
  reason: { type: 'string' },
  limit: { type: 'string' },
  user: { type: 'string' },
  'order-id': { type: 'string' },
  price: { type: 'string' },
  quantity: { type: 'string' },
  status: { type: 'string' },
  customer: { type: 'string' },
  date: { type: 'string' },
  sold: { type: 'string' },
  returned: { type: 'string' },
  revenue: { type: 'string' },
  royalties: { type: 'string' },
  cost: { type: 'string' },
  profit: { type: 'string' },
  type: { type: 'string' },
  amount: { type: 'string' },
  expires: { type: 'string' },
  env: { type: 'string' },
  since: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseAdminArgs>['values'];

export function parseAdminArgs(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

/** Raised for a command line the console does not understand (exit code 2, with the help). */
export class UsageError extends Error {}

const need = (value: string | undefined, what: string): string => {
  if (!value) throw new UsageError(`Missing ${what}`);
  return value;
};

/** Runs the command of `positionals` and answers what it printed as data. */
export async function runAdminCommand(admin: AdminConsole, positionals: string[], values: Values): Promise<unknown> {
  const [group, verb, ...rest] = positionals;
  const key = `${group ?? ''} ${verb ?? ''}`.trim();
  const first = rest[0];
  switch (group === 'audit' ? 'audit' : key) {
    case 'requests list':
      return admin.listRequests();
    case 'requests show':
      return admin.showRequest(need(first, '<user>'));
    case 'requests approve':
      return admin.approveRequest(need(first, '<user>'));
    case 'requests deny':
      return admin.denyRequest(need(first, '<user>'), values.reason ?? '');
    case 'chat show':
      return admin.showChat(need(first, '<user>'), values.limit);
    case 'chat reply':
      return admin.replyChat(need(first, '<user>'), need(rest.slice(1).join(' '), '<message>'));
    case 'book show':
      return admin.showBook(need(first, '<book id>'));
    case 'book status':
      return admin.setBookStatus(need(first, '<book id>'), need(rest[1], '<status>'));
    case 'book paid':
      return admin.markBookPaid(need(first, '<book id>'));
    case 'order add':
      return admin.addOrder(need(first, '<book id>'), {
        orderId: need(values['order-id'], '--order-id'),
        price: need(values.price, '--price'),
        quantity: values.quantity,
        status: values.status,
        customer: values.customer,
        date: values.date,
      });
    case 'sales set':
      return admin.setSales(need(first, '<book id>'), {
        sold: need(values.sold, '--sold'),
        revenue: need(values.revenue, '--revenue'),
        returned: values.returned,
        royalties: values.royalties,
        cost: values.cost,
        profit: values.profit,
      });
    case 'balance credit':
      return admin.creditBalance(need(first, '<user>'), need(rest[1], '<rand>'), values.reason ?? '');
    case 'coupon create':
      return admin.createCoupon(first, need(values.type, '--type'), need(values.amount, '--amount'), values.expires);
    case 'two-factor off':
      return admin.turnOffTwoFactor(need(first, '<user>'));
    case 'push test':
      return admin.pushTest(need(first, '<user>'));
    case 'audit':
      return admin.listAudit(values.limit, values.user);
    case 'report remotes':
      return admin.reportRemotes(need(values.env, '--env'), values.since);
    default:
      throw new UsageError(`Unknown command: ${key || '(none)'}`);
  }
}

/** One value as text: dates as ISO 8601, objects as JSON. */
const text = (value: unknown): string =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);

/** Text output: one line of `key=value` per list item, `key: value` lines for an object. */
export function formatAdminResult(result: unknown): string {
  const entries = (value: object) => Object.entries(value) as Array<[string, unknown]>;
  if (Array.isArray(result)) {
    if (result.length === 0) return '(none)';
    return result
      .map((item: unknown) =>
        typeof item === 'object' && item !== null && !(item instanceof Date)
          ? entries(item)
              .map(([key, value]) => `${key}=${text(value)}`)
              .join('  ')
          : text(item),
      )
      .join('\n');
  }
  if (typeof result === 'object' && result !== null && !(result instanceof Date)) {
    return entries(result)
      .map(([key, value]) => `${key}: ${text(value)}`)
      .join('\n');
  }
  return text(result);
}

/** What a command line printed and how it ended, as a process would (and as the channel answers it). */
export interface AdminOutcome {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

/**
 * The whole command line against a console opened on demand (`admin`, given the --as name; not
 * called for help or a usage error). Errors other than refusals and usage errors are thrown.
 */
export async function runAdminCli(
  argv: string[],
  admin: (as: string | undefined) => Promise<AdminConsole>,
): Promise<AdminOutcome> {
  let parsed: ReturnType<typeof parseAdminArgs>;
  try {
    parsed = parseAdminArgs(argv);
  } catch (err) {
    return { exitCode: 2, stdout: '', stderr: `${(err as Error).message}\n\n${ADMIN_HELP}` };
  }
  const { positionals, values } = parsed;
  if (values.help || positionals.length === 0 || positionals[0] === 'help') {
    return { exitCode: 0, stdout: ADMIN_HELP, stderr: '' };
  }
  try {
    const result = await runAdminCommand(await admin(values.as), positionals, values);
    const stdout =
      result instanceof PrintedReport
        ? values.json
          ? JSON.stringify(result.data, null, 2)
          : result.text
        : values.json
          ? JSON.stringify(result, null, 2)
          : formatAdminResult(result);
    return { exitCode: 0, stdout, stderr: '' };
  } catch (err) {
    if (err instanceof UsageError) {
      return { exitCode: 2, stdout: '', stderr: `${err.message}\n\n${ADMIN_HELP}` };
    }
    if (err instanceof AdminError) {
      const stderr = values.json ? JSON.stringify({ error: err.message }) : `error: ${err.message}`;
      return { exitCode: 1, stdout: '', stderr };
    }
    throw err;
  }
}

/** Who acts: --as, else ADMIN_NAME, else the operating-system user. */
export function actorName(as: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const name = as?.trim() || env.ADMIN_NAME?.trim() || userInfo().username;
  return name.slice(0, 100);
}
