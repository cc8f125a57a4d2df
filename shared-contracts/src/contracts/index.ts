import type { ComponentType } from 'react';

/** Federated names of the four remotes. */
export type RemoteName = 'remote_account' | 'remote_library' | 'remote_checkout' | 'remote_wizard';

/** Every remote name, in the order the shell lists them. */
export const REMOTE_NAMES: readonly RemoteName[] = [
  'remote_account',
  'remote_library',
  'remote_checkout',
  'remote_wizard',
];

/** Props the host passes to a remote's App (none yet; kept as the extension point). */
export type RemoteAppProps = Record<string, never>;

/** The shape of every remote's exposed `./App`: a component rendering its routes. */
export interface RemoteModule {
  default: ComponentType<RemoteAppProps>;
}

/** remote-checkout's exposed `./CartDropdown`, mounted by the host's top bar. */
export interface CartDropdownModule {
  default: ComponentType;
}

/** One remote's entry in the runtime configuration. */
export interface RemoteEntry {
  /** URL of the remote's mf-manifest.json (absolute or root-relative). */
  entry: string;
  /** The deployed version (the remote's package.json version). */
  version: string;
}

/** The runtime configuration file remotes.json served beside index.html. */
export interface RemotesConfig {
  environment: string;
  remotes: Record<RemoteName, RemoteEntry>;
}
