import { SHARED_CONTRACTS_VERSION } from '@pod/shared-contracts';

const CONTRACTS = '@pod/shared-contracts';

function major(version: string): number {
  return Number.parseInt(version.replace(/^[^\d]*/, ''), 10);
}

/**
 * Refuses a remote built against another major version of @pod/shared-contracts than the
 * host runs: its manifest lists the version it shares. A remote that does not list the
 * package at all (none do today without it) passes.
 */
export function assertCompatibleContract(manifest: unknown, hostVersion: string = SHARED_CONTRACTS_VERSION): void {
  const shared = (manifest as { shared?: Array<{ name?: string; version?: string }> } | null)?.shared;
  const contracts = Array.isArray(shared) ? shared.find((entry) => entry.name === CONTRACTS) : undefined;
  if (!contracts?.version) return;
  if (major(contracts.version) !== major(hostVersion)) {
    const name = (manifest as { name?: string }).name ?? 'A remote';
    throw new Error(`${name} was built against ${CONTRACTS} ${contracts.version}, but this portal runs ${hostVersion}`);
  }
}
