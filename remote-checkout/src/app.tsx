import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound, reportLoadedVersion } from '@pod/shared-contracts';
import { CancelledScreen } from './routes/cancelled';
import { CartScreen } from './routes/cart';
import { PaymentScreen } from './routes/payment';
import { SuccessScreen } from './routes/success';
import { APP_VERSION } from './app-version';

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_checkout', APP_VERSION);

/**
 * remote_checkout's exposed `./App`: cart, payment and the two payment return pages,
 * at absolute paths (the host renders it outside any <Route>).
 */
export default function App() {
  return (
    <Routes>
      <Route path="/checkout" element={<Navigate to="/checkout/cart" replace />} />
      <Route path="/checkout/cart" element={<CartScreen />} />
      <Route path="/checkout/payment" element={<PaymentScreen />} />
      <Route path="/checkout/success" element={<SuccessScreen />} />
      <Route path="/checkout/cancelled" element={<CancelledScreen />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
