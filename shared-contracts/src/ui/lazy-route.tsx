import { isValidElement, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, Routes } from '../router';
import { Spinner } from './spinner';

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

function hasPreload(type: unknown): type is { preload: () => Promise<void> } {
  return typeof type === 'function' && typeof (type as { preload?: unknown }).preload === 'function';
}

/**
 * Fetches the screens `routes` (the <Route> elements of a remote's <Routes>) would render at
 * `pathname`: the lazyRoute screens of every matching level (a layout and its page). A remote's
 * `./App` exports it as `preloadRoute`, so the host can show a remote's first screen without a
 * Suspense fallback in between (React holds back content revealed after a fallback by up to
 * 300 ms). Nothing matches: nothing to fetch.
 */
export function preloadRoutes(routes: ReactNode, pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromChildren(routes), pathname) ?? [];
  const screens: Promise<void>[] = [];
  for (const { route } of matches) {
    const element = route.element;
    if (isValidElement(element) && hasPreload(element.type)) screens.push(element.type.preload());
  }
  return Promise.all(screens).then(() => undefined);
}

/**
 * A remote's routes (<Route> elements with lazyRoute screens) under one Suspense with the page
 * spinner: the body of every remote's App. The same `routes` go to `preloadRoutes`, so the host
 * can fetch the first screen before it renders the App.
 */
export function ScreenRoutes({ routes }: { routes: ReactNode }) {
  return (
    <Suspense fallback={<Spinner label="Loading the page" />}>
      <Routes>{routes}</Routes>
    </Suspense>
  );
}
