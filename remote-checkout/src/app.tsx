import {
  lazyRoute,
  preloadRoutes,
  PageNotFound,
  reportLoadedVersion,
  Navigate,
  Route,
  ScreenRoutes,
} from '@pod/shared-contracts';
import { APP_VERSION } from './app-version';

// One chunk per screen, fetched when its route is first shown, so a visit downloads only the
// code of the screen it opens. A chunk that fails to load reaches the host's error boundary,
// whose Retry fetches it again.
const CancelledScreen = lazyRoute(() => import('./routes/cancelled').then((m) => m.CancelledScreen));
const CartScreen = lazyRoute(() => import('./routes/cart').then((m) => m.CartScreen));
const PaymentScreen = lazyRoute(() => import('./routes/payment').then((m) => m.PaymentScreen));
const SuccessScreen = lazyRoute(() => import('./routes/success').then((m) => m.SuccessScreen));

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_checkout', APP_VERSION);

/** Fetches every screen's chunk ahead of its first render (tests render screens at once). */
export function preloadScreens(): Promise<void> {
  return Promise.all(
    [CancelledScreen, CartScreen, PaymentScreen, SuccessScreen].map((screen) => screen.preload()),
  ).then(() => undefined);
}

/** The routes of `App`, also matched by `preloadRoute`. */
const ROUTES = (
  <>
    <Route path="/checkout" element={<Navigate to="/checkout/cart" replace />} />
    <Route path="/checkout/cart" element={<CartScreen />} />
    <Route path="/checkout/payment" element={<PaymentScreen />} />
    <Route path="/checkout/success" element={<SuccessScreen />} />
    <Route path="/checkout/cancelled" element={<CancelledScreen />} />
    <Route path="*" element={<PageNotFound />} />
  </>
);

/** Fetches the screen `pathname` shows, before the host first renders `App` (RemoteModule). */
export function preloadRoute(pathname: string): Promise<void> {
  return preloadRoutes(ROUTES, pathname);
}

/**
 * remote_checkout's exposed `./App`: cart, payment and the two payment return pages,
 * at absolute paths (the host renders it outside any <Route>).
 */
export default function App() {
  return <ScreenRoutes routes={ROUTES} />;
}
