import { buildApp } from './app.js';
import { loggerOptions } from './observability/log-redaction.js';
import { loadListenConfig } from './config.js';
import { DEMO_ACCOUNT, DEMO_COUPONS, DEMO_PUBLISHER, seedDemo } from './seed/index.js';
import { exposedMailboxWarning, startWarnings } from './start-banner.js';
import { describeFileStore } from './storage/index.js';

// Only listening lives here: buildApp has everything else (and migrates the database while building).

const { port, host, staticRoot, logLevel, specPath, seedDemo: seedingDemo } = loadListenConfig();

const app = await buildApp({
  staticRoot,
  logger: loggerOptions(logLevel),
  ...(specPath && { specPath }),
}).catch((err: unknown) => {
  console.error(`Could not build the API: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    // Stops accepting connections, lets in-flight requests finish, then closes the database (onClose).
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

try {
  if (seedingDemo) {
    const seeded = await seedDemo(app);
    if (seeded.accountCreated) app.log.info({ email: DEMO_ACCOUNT.email }, 'demo account created');
    if (seeded.libraryCreated) app.log.info({ email: DEMO_ACCOUNT.email }, 'demo library created');
    if (seeded.filesCreated > 0) app.log.info({ files: seeded.filesCreated }, 'demo library files stored');
  }
  await app.listen({ port, host });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    // The common case deserves one plain line rather than a stack trace.
    console.error(
      `Port ${port} on ${host} is already in use: stop the other server, or start this one with another PORT.`,
    );
    await app.close().catch(() => {});
    process.exit(1);
  }
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}

const shownHost = ['0.0.0.0', '::', '127.0.0.1'].includes(host) ? 'localhost' : host;
const mailbox = app.hasRoute({ method: 'GET', url: '/dev/mailbox' }) ? app.config.devMailbox : 'off';
const exposure = exposedMailboxWarning(host, mailbox);
if (exposure) app.log.warn(exposure);
const lines = [
  '',
  `  Print on Demand portal  http://${shownHost}:${port}/`,
  `  API                     http://${shownHost}:${port}/api/v1`,
  app.config.apiDocs ? `  API reference           http://${shownHost}:${port}/api/docs` : '',
  `  Front end from          ${staticRoot}`,
  `  Database                ${app.config.database.url ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${app.config.database.dataDir}`}`,
  app.adminChannel ? `  Admin console           pnpm --filter api-server admin help (through ${app.adminChannel})` : '',
  `  Uploaded files          ${describeFileStore(app.config.uploads.store, app.config.uploads.dir)}`,
  seedingDemo
    ? `  Demo login              ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} (cart above the balance: EFT top-up)`
    : '',
  seedingDemo
    ? `  Second demo login       ${DEMO_PUBLISHER.email} / ${DEMO_PUBLISHER.password} (balance covers the cart)`
    : '',
  seedingDemo
    ? `  Coupons                 ${DEMO_COUPONS.map((c) => `${c.code} (${c.type === 'value' ? `R${c.amount} credit` : `${c.amount}% off a cart`})`).join(', ')}`
    : '',
  ...startWarnings({ payments: app.config.payments, mailbox }),
  '',
];
console.log(lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n'));
