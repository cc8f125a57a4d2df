import type { RemoteName } from '@pod/shared-contracts';

/** How the shell names each remote to the user when it cannot load. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  remote_account: 'Your account',
  remote_library: 'Your library',
  remote_checkout: 'Checkout',
  remote_wizard: 'The book upload wizard',
};
