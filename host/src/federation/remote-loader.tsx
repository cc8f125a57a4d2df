import { createContext, lazy, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RemoteName } from '@pod/shared-contracts';

/** The modules a remote exposes to the host. */
export type ExposedModule = './App' | './CartDropdown' | './ChatPanel';

/** Loads one federated module by id ('remote_library/App'); rejects when it cannot. */
export type ModuleImporter = (id: string) => Promise<unknown>;

/** Hands out one lazy component per exposed module, and forgets a failed one on retry. */
export interface RemoteLoader {
  component<P extends object>(remote: RemoteName, expose: ExposedModule): LazyExoticComponent<ComponentType<P>>;
  /** Drops the cached (failed) component so the next render loads the module again. */
  reset(remote: RemoteName, expose: ExposedModule): void;
}

function moduleId(remote: RemoteName, expose: ExposedModule): string {
  return `${remote}/${expose.slice(2)}`;
}

/** Any component: the props type is re-applied where the component is handed out. */
type SomeComponent = ComponentType<object>;

function isComponentModule(value: unknown): value is { default: SomeComponent } {
  if (!value || typeof value !== 'object' || !('default' in value)) return false;
  const component = (value as { default: unknown }).default;
  // Function components, classes, and memo/forwardRef objects.
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

/**
 * A loader over `importModule` (the federation runtime in the browser, a fake in tests).
 * React.lazy caches a rejection forever, so a failed module gets a fresh lazy component
 * after `reset`: that is what makes the error boundary's Retry really load again.
 */
export function createRemoteLoader(importModule: ModuleImporter): RemoteLoader {
  const cache = new Map<string, LazyExoticComponent<SomeComponent>>();
  return {
    component<P extends object>(remote: RemoteName, expose: ExposedModule) {
      const id = moduleId(remote, expose);
      let component = cache.get(id);
      if (!component) {
        component = lazy(async () => {
          const loaded = await importModule(id);
          if (!isComponentModule(loaded)) throw new Error(`${id} did not provide a component`);
          return loaded;
        });
        cache.set(id, component);
      }
      // The module's props are the contract's (RemoteModule, CartDropdownModule, ChatPanelModule): trusted here.
      return component as unknown as LazyExoticComponent<ComponentType<P>>;
    },
    reset(remote, expose) {
      cache.delete(moduleId(remote, expose));
    },
  };
}

const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** Makes `loader` available to RemoteOutlet and the top bar's cart slot. */
export function RemoteLoaderProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

/** The loader given to the nearest RemoteLoaderProvider. */
export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader needs a RemoteLoaderProvider');
  return loader;
}
