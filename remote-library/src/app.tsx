import {
  lazyRoute,
  preloadRoutes,
  PageNotFound,
  reportLoadedVersion,
  Route,
  ScreenRoutes,
} from '@pod/shared-contracts';
import { APP_VERSION } from './app-version';

// One chunk per screen, fetched when its route is first shown: a visit to /orders no longer
// downloads the bulk upload's CSV parser or the reports' charts. A chunk that fails to load
// reaches the host's error boundary, whose Retry fetches it again.
const BulkUploadScreen = lazyRoute(() => import('./routes/bulk-upload').then((m) => m.BulkUploadScreen));
const BooksScreen = lazyRoute(() => import('./routes/books').then((m) => m.BooksScreen));
const DashboardScreen = lazyRoute(() => import('./routes/dashboard').then((m) => m.DashboardScreen));
const DocumentsScreen = lazyRoute(() => import('./routes/documents').then((m) => m.DocumentsScreen));
const OrdersScreen = lazyRoute(() => import('./routes/orders').then((m) => m.OrdersScreen));
const ReportsScreen = lazyRoute(() => import('./routes/reports').then((m) => m.ReportsScreen));
const SalesScreen = lazyRoute(() => import('./routes/sales').then((m) => m.SalesScreen));
const TransactionsScreen = lazyRoute(() => import('./routes/transactions').then((m) => m.TransactionsScreen));

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_library', APP_VERSION);

/** Fetches every screen's chunk ahead of its first render (tests render screens at once). */
export function preloadScreens(): Promise<void> {
  return Promise.all(
    [
      BulkUploadScreen,
      BooksScreen,
      DashboardScreen,
      DocumentsScreen,
      OrdersScreen,
      ReportsScreen,
      SalesScreen,
      TransactionsScreen,
    ].map((screen) => screen.preload()),
  ).then(() => undefined);
}

/** The routes of `App`, also matched by `preloadRoute`. */
const ROUTES = (
  <>
    <Route path="/dashboard" element={<DashboardScreen />} />
    <Route path="/books" element={<BooksScreen />} />
    <Route path="/books/:region/:id" element={<BooksScreen />} />
    <Route path="/bulk-upload" element={<BulkUploadScreen />} />
    <Route path="/orders" element={<OrdersScreen />} />
    <Route path="/sales" element={<SalesScreen />} />
    <Route path="/reports" element={<ReportsScreen />} />
    <Route path="/transactions" element={<TransactionsScreen />} />
    <Route path="/documents" element={<DocumentsScreen />} />
    <Route path="*" element={<PageNotFound />} />
  </>
);

/** Fetches the screen `pathname` shows, before the host first renders `App` (RemoteModule). */
export function preloadRoute(pathname: string): Promise<void> {
  return preloadRoutes(ROUTES, pathname);
}

/**
 * remote_library's exposed `./App`: dashboard, books, bulk upload, orders, sales,
 * reports, transactions and documents, at absolute paths (the host renders it outside any <Route>).
 */
export default function App() {
  return <ScreenRoutes routes={ROUTES} />;
}
