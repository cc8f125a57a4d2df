import type { AdminContext } from './context.js';
import { createLibraryCommands } from './library.js';
import { createReportCommands } from './reports.js';
import { createRequestCommands } from './requests.js';
import { createSupportCommands } from './support.js';

export { AdminError, type AdminContext } from './context.js';

/**
 * The admin console's actions over the server's database: every one runs in a transaction with
 * its admin_audit row. The CLI (cli.ts) parses and prints; tests call these directly.
 */
export function createAdminConsole(context: AdminContext) {
  return {
    ...createRequestCommands(context),
    ...createLibraryCommands(context),
    ...createSupportCommands(context),
    ...createReportCommands(context),
  };
}

export type AdminConsole = ReturnType<typeof createAdminConsole>;
