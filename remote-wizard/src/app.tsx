import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound, reportLoadedVersion } from '@pod/shared-contracts';
import { BASE_PATHS } from './lib/stages';
import { AcceptTermsScreen } from './routes/accept-terms';
import { ConfirmDetailsScreen } from './routes/confirm-details';
import { ContractScreen } from './routes/contract';
import { GeneralInfoScreen } from './routes/general-info';
import { PublishingRightsScreen } from './routes/publishing-rights';
import { RoyaltyCalculatorScreen, type CalculatorStage } from './routes/royalty-calculator';
import { StageScreen } from './routes/stage-screen';
import { APP_VERSION } from './app-version';

/** Page 2 of the book details: one screen for the three entry points, each the calculator of its format. */
const CALCULATOR_STAGES: readonly CalculatorStage[] = ['calculator', 'e-book', 'audio-book'];

// Which build is on screen, for the QA pins badge (never shown to customers).
reportLoadedVersion('remote_wizard', APP_VERSION);

/**
 * remote_wizard's exposed `./App`: the new-book wizard under /new-book and /my-first-book,
 * at absolute paths (the host renders it outside any <Route>). Each base path routes to the
 * same stages, and every screen builds its links from the base it was entered by.
 */
export default function App() {
  return (
    <Routes>
      {BASE_PATHS.flatMap((base) => [
        <Route key={base} path={base} element={<Navigate to={`${base}/publishing-rights`} replace />} />,
        <Route
          key={`${base}/publishing-rights`}
          path={`${base}/publishing-rights`}
          element={<PublishingRightsScreen base={base} />}
        />,
        <Route
          key={`${base}/general-info`}
          path={`${base}/general-info`}
          element={<GeneralInfoScreen base={base} />}
        />,
        <Route
          key={`${base}/confirm-details`}
          path={`${base}/confirm-details`}
          element={<ConfirmDetailsScreen base={base} />}
        />,
        <Route
          key={`${base}/accept-terms`}
          path={`${base}/accept-terms`}
          element={<AcceptTermsScreen base={base} />}
        />,
        <Route key={`${base}/contract`} path={`${base}/contract`} element={<ContractScreen base={base} />} />,
        ...CALCULATOR_STAGES.map((stage) => (
          <Route
            key={`${base}/${stage}`}
            path={`${base}/${stage}`}
            element={<RoyaltyCalculatorScreen base={base} stage={stage} />}
          />
        )),
        <Route key={`${base}/:stage`} path={`${base}/:stage`} element={<StageScreen base={base} />} />,
      ])}
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
