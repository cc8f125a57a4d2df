import { Route, Routes } from 'react-router-dom';
import { PageNotFound, reportLoadedVersion } from '@pod/shared-contracts';
import { BulkUploadScreen } from './routes/bulk-upload';
import { BooksScreen } from './routes/books';
import { DashboardScreen } from './routes/dashboard';
import { DocumentsScreen } from './routes/documents';
import { OrdersScreen } from './routes/orders';
import { ReportsScreen } from './routes/reports';
import { SalesScreen } from './routes/sales';
import { TransactionsScreen } from './routes/transactions';
import { APP_VERSION } from './app-version';

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_library', APP_VERSION);

/**
 * remote_library's exposed `./App`: dashboard, books, bulk upload, orders, sales,
 * reports, transactions and documents, at absolute paths (the host renders it outside any <Route>).
 */
export default function App() {
  return (
    <Routes>
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
    </Routes>
  );
}
