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
  /**
   * Fetches the screen `pathname` shows (`preloadRoutes` over the App's routes). The host calls
   * it, and waits, before it first renders the App, so the first screen appears without a
   * Suspense fallback. Optional: a remote without it still works, through its own Suspense.
   */
  preloadRoute?: (pathname: string) => Promise<void>;
}

/**
 * remote-checkout's exposed `./CartDropdown`: the cart button and its panel in one, as the top
 * bar mounted it before the host drew the button itself. Still exposed for hosts deployed
 * before `./CartPanel` (a remote's deploy refuses a build that drops a module a deployed host
 * imports); new hosts do not load it.
 */
export interface CartDropdownModule {
  default: ComponentType;
}

/** Props the host passes to remote-checkout's cart panel. */
export interface CartPanelProps {
  /** The user followed the panel's Checkout link: the host closes the panel. */
  onClose(): void;
}

/**
 * remote-checkout's exposed `./CartPanel`: the content of the top bar's cart panel (the items
 * with name, final price and dd/MM date, and the Checkout link). The host draws the button
 * with the item count (the shared `cart` query) and the panel's frame, and loads this module
 * on the first opening only, so pages other than the cart run none of remote-checkout's code.
 */
export interface CartPanelModule {
  default: ComponentType<CartPanelProps>;
}

/** Props the host passes to remote-account's chat panel. */
export interface ChatPanelProps {
  /** The panel's element id: the host's chat button names it in `aria-controls`. */
  id: string;
  /**
   * Whether the panel is shown. The host keeps the panel mounted once it has been opened (so a
   * draft survives closing it); closed, it is hidden and polls nothing.
   */
  open: boolean;
  /** The user closed the panel ('Close chat' or Escape): the host hides it and focuses its button. */
  onClose(): void;
}

/**
 * remote-account's exposed `./ChatPanel`, the support chat, mounted by the host's floating
 * 'Chat with support' button on its first opening (its code loads only then).
 */
export interface ChatPanelModule {
  default: ComponentType<ChatPanelProps>;
}

/** One remote's entry in the runtime configuration. */
export interface RemoteEntry {
  /** URL of the remote's mf-manifest.json (absolute or root-relative). */
  entry: string;
  /** The deployed version (the remote's package.json version). */
  version: string;
  /**
   * Subresource integrity of the manifest file (`sha384-<base64 of the SHA-384 of its bytes>`),
   * written by the deploy tooling: the host refuses a manifest whose bytes differ (issue 19), and
   * the manifest in turn pins remoteEntry.js and its files.
   */
  integrity?: string;
  /**
   * A second version given to part of the users (`deploy --canary N`): browsers whose bucket
   * for this remote (0..99, stable per browser) is below `share` run it, the others run
   * `entry`. A QA pin still wins over both. `promote` makes it the stable entry; `rollback`
   * (or the server's canary guard, when its error rate is too high) removes it.
   */
  canary?: CanaryEntry;
}

/** The canary version of a remote in the runtime configuration. */
export interface CanaryEntry {
  /** URL of the canary version's mf-manifest.json. */
  entry: string;
  version: string;
  /** Subresource integrity of the canary's manifest file, as {@link RemoteEntry.integrity}. */
  integrity?: string;
  /** Percentage of browsers (1..99) that run the canary. */
  share: number;
}

/** The runtime configuration file remotes.json served beside index.html. */
export interface RemotesConfig {
  environment: string;
  /**
   * Whether QA version pins (`/?pin=checkout@1.3.0`) are honoured. Older files lack it:
   * the host then treats it as false in the environment named `production`, true elsewhere.
   */
  pinning?: boolean;
  /** The deployed remotes; a remote missing here shows its fallback (with Retry) on its routes. */
  remotes: Partial<Record<RemoteName, RemoteEntry>>;
}

/** A remote's folder under `/remotes/` (the package folder name): `remote-checkout`. */
export type RemoteDir = 'remote-account' | 'remote-library' | 'remote-checkout' | 'remote-wizard';

/**
 * The folder a remote's versions are published in, from its federated name:
 * `remoteDir('remote_checkout')` is `'remote-checkout'`.
 */
export function remoteDir(name: RemoteName): RemoteDir {
  return name.replace('_', '-') as RemoteDir;
}

/**
 * The federated name of a remote's folder, or null for a folder that is no remote:
 * `remoteNameFromDir('remote-checkout')` is `'remote_checkout'`.
 */
export function remoteNameFromDir(dir: string): RemoteName | null {
  const name = dir.replace('-', '_');
  return (REMOTE_NAMES as readonly string[]).includes(name) ? (name as RemoteName) : null;
}

/**
 * Where one deployed version of a remote lives (versions never change once deployed):
 * `remoteManifestUrl('remote_checkout', '1.3.0')` is `'/remotes/remote-checkout/1.3.0/mf-manifest.json'`.
 */
export function remoteManifestUrl(name: RemoteName, version: string): string {
  return `/remotes/${remoteDir(name)}/${encodeURIComponent(version)}/mf-manifest.json`;
}

/**
 * The sessionStorage key holding the QA version pins of this browser session (the host's
 * `/?pin=...`). QA tooling, not user data: logout keeps it.
 */
export const QA_PINS_STORAGE_KEY = 'pod-qa-pins';

export { reportLoadedVersion, loadedVersions, useLoadedVersions, type LoadedVersions } from './loaded-versions';
