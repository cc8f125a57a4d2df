import { Route, Routes } from 'react-router-dom';
import { PageNotFound, PlaceholderScreen } from '@pod/shared-contracts';
import { DashboardScreen } from './routes/dashboard';

/**
 * remote_library's exposed `./App`: dashboard, books, bulk upload, orders, sales,
 * transactions and documents, at absolute paths (the host renders it outside any <Route>).
 */
export default function App() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardScreen />} />
      <Route path="/books" element={<PlaceholderScreen title="Your Books" />} />
      <Route path="/bulk-upload" element={<PlaceholderScreen title="Bulk Upload" heading="Bulk CSV Upload" />} />
      <Route path="/orders" element={<PlaceholderScreen title="Your Orders" />} />
      <Route path="/sales" element={<PlaceholderScreen title="Sales" />} />
      <Route path="/transactions" element={<PlaceholderScreen title="Transactions" />} />
      <Route path="/documents" element={<PlaceholderScreen title="Documents" />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
