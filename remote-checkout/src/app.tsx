import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound, PlaceholderScreen } from '@pod/shared-contracts';
import { CartScreen } from './routes/cart';

/**
 * remote_checkout's exposed `./App`: cart, payment and the two payment return pages,
 * at absolute paths (the host renders it outside any <Route>).
 */
export default function App() {
  return (
    <Routes>
      <Route path="/checkout" element={<Navigate to="/checkout/cart" replace />} />
      <Route path="/checkout/cart" element={<CartScreen />} />
      <Route path="/checkout/payment" element={<PlaceholderScreen title="Payment" />} />
      <Route path="/checkout/success" element={<PlaceholderScreen title="Payment successful" />} />
      <Route path="/checkout/cancelled" element={<PlaceholderScreen title="Payment cancelled" />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
