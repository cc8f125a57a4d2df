import { createContext, lazy, useContext, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from '@pod/shared-contracts';
import { reportRemoteLoad, reportRemoteLoadFailure } from './remote-events';

/** The modules a remote exposes to the host. */
export type ExposedModule = './App' | './CartPanel' | './ChatPanel';

/** Loads one federated module by id ('remote_library/App'); rejects when it cannot. */
export type ModuleImporter = (id: string) => Promise<unknown>;

/** Hands out one component per exposed module, and forgets a failed one on retry. */
export interface RemoteLoader {
  /**
   * The module's component: rendered at once when the module is in (see `prepare`), else it
   * suspends until the module arrives. One stable component per module until `reset`.
   */
  component<P extends object>(remote: RemoteName, expose: ExposedModule): ComponentType<P>;
  /**
   * Loads the module and, for an App that has `preloadRoute` (RemoteModule), the screen
   * `pathname` shows. Once it resolves, `component` renders without suspending: no Suspense
   * fallback, and so none of the up to 300 ms React waits before revealing content that
   * replaced a fallback. Rejects as the load would.
   */
  prepare(remote: RemoteName, expose: ExposedModule, pathname: string): Promise<void>;
  /** Drops the cached (failed) component so the next render loads the module again. */
  reset(remote: RemoteName, expose: ExposedModule): void;
}

function moduleId(remote: RemoteName, expose: ExposedModule): string {
  return `${remote}/${expose.slice(2)}`;
}

/** Told how each module load ends (the front-end reports of remote-events.ts by default). */
export interface LoadEvents {
  loaded(remote: RemoteName): void;
  /** After the runtime's retries: this load is over (the boundary's Retry starts another). */
  failed(remote: RemoteName, error: unknown): void;
}

const REPORTED_LOADS: LoadEvents = { loaded: reportRemoteLoad, failed: reportRemoteLoadFailure };

/** Any component: the props type is re-applied where the component is handed out. */
type SomeComponent = ComponentType<object>;

/** An exposed module as loaded: its component, and an App's optional route preloader. */
interface LoadedModule {
  default: SomeComponent;
  preloadRoute?: (pathname: string) => Promise<void>;
}

function isComponentModule(value: unknown): value is LoadedModule {
  if (!value || typeof value !== 'object' || !('default' in value)) return false;
  const component = (value as { default: unknown }).default;
  // Function components, classes, and memo/forwardRef objects.
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

/** One module: its load (made once) and the one component that renders it. */
class ModuleEntry {
  loaded: LoadedModule | undefined;
  private pending: Promise<LoadedModule> | undefined;
  readonly Component: SomeComponent;

  constructor(
    private readonly remote: RemoteName,
    private readonly id: string,
    private readonly importModule: ModuleImporter,
    private readonly events: LoadEvents,
  ) {
    const Suspending = lazy(async () => ({ default: (await this.load()).default }));
    const RemoteModuleComponent = (props: object) => {
      const Loaded = this.loaded?.default ?? Suspending;
      return <Loaded {...props} />;
    };
    this.Component = RemoteModuleComponent;
  }

  load(): Promise<LoadedModule> {
    this.pending ??= this.importModule(this.id)
      .then((value) => {
        if (!isComponentModule(value)) throw new Error(`${this.id} did not provide a component`);
        this.loaded = value;
        return value;
      })
      .then(
        (value) => {
          this.events.loaded(this.remote);
          return value;
        },
        (error: unknown) => {
          this.events.failed(this.remote, error);
          throw error;
        },
      );
    return this.pending;
  }
}

/**
 * A loader over `importModule` (the federation runtime in the browser, a fake in tests).
 * A failed load stays failed (React.lazy would cache it forever anyway) until `reset`, which
 * gives the module a fresh entry and component: that is what makes the error boundary's Retry
 * really load again. Each load's outcome goes to `events` (reported to the API by default).
 */
export function createRemoteLoader(importModule: ModuleImporter, events: LoadEvents = REPORTED_LOADS): RemoteLoader {
  const cache = new Map<string, ModuleEntry>();

  function entryOf(remote: RemoteName, expose: ExposedModule): ModuleEntry {
    const id = moduleId(remote, expose);
    let entry = cache.get(id);
    if (!entry) {
      entry = new ModuleEntry(remote, id, importModule, events);
      cache.set(id, entry);
    }
    return entry;
  }

  return {
    component<P extends object>(remote: RemoteName, expose: ExposedModule) {
      // The module's props are the contract's (RemoteModule, CartPanelModule, ChatPanelModule): trusted here.
      return entryOf(remote, expose).Component as unknown as ComponentType<P>;
    },
    async prepare(remote, expose, pathname) {
      const loaded = await entryOf(remote, expose).load();
      await loaded.preloadRoute?.(pathname);
    },
    reset(remote, expose) {
      cache.delete(moduleId(remote, expose));
    },
  };
}

const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** Makes `loader` available to RemoteOutlet, the top bar's cart and the chat button. */
export function RemoteLoaderProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

/** The loader given to the nearest RemoteLoaderProvider. */
export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader needs a RemoteLoaderProvider');
  return loader;
}
