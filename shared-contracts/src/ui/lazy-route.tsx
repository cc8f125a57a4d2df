import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route's screen loaded on demand; `preload()` fetches it ahead of its first render. */
export interface LazyRouteComponent<P extends object> {
  (props: P): React.JSX.Element;
  preload: () => Promise<void>;
}

/**
 * A route's screen in a chunk of its own, fetched the first time the route renders (put a
 * <Suspense> above the routes) or on `preload()`. `load` resolves to the component, e.g.
 * `lazyRoute(() => import('./routes/orders').then((m) => m.OrdersScreen))`. Once fetched, the
 * screen renders at once, without suspending again.
 *
 * A failed load is thrown to the nearest error boundary (the host's, with its Retry) and then
 * forgotten: React.lazy alone would rethrow that first failure on every later render, so
 * Retry could never fetch the chunk again.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): LazyRouteComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  let suspending: LazyExoticComponent<ComponentType<P>>;
  const fetchScreen = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const arm = () => {
    suspending = lazy(() =>
      fetchScreen().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          arm();
          throw error;
        },
      ),
    );
  };
  arm();
  function LazyRoute(props: P) {
    const Screen = loaded ?? suspending;
    return <Screen {...props} />;
  }
  LazyRoute.preload = () => fetchScreen().then(() => undefined);
  return LazyRoute;
}
