import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound, reportLoadedVersion } from '@pod/shared-contracts';
import { StageScreen } from './routes/stage-screen';
import { APP_VERSION } from './app-version';

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_wizard', APP_VERSION);

/**
 * remote_wizard's exposed `./App`: the new-book wizard under /new-book and /my-first-book,
 * at absolute paths (the host renders it outside any <Route>).
 */
export default function App() {
  return (
    <Routes>
      <Route path="/new-book" element={<Navigate to="/new-book/publishing-rights" replace />} />
      <Route path="/new-book/:stage" element={<StageScreen flow="New book" />} />
      <Route path="/my-first-book" element={<Navigate to="/my-first-book/publishing-rights" replace />} />
      <Route path="/my-first-book/:stage" element={<StageScreen flow="My first book" />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
