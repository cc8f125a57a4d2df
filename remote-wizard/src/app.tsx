import { Navigate, Route, Routes } from 'react-router-dom';
import { PageNotFound, reportLoadedVersion } from '@pod/shared-contracts';
import { BASE_PATHS, type BasePath } from './lib/stages';
import { ApplicabilityScreen, type ApplicabilityStage } from './routes/applicability';
import { ConfirmBleedCoverScreen } from './routes/confirm-bleed-cover';
import { AcceptTermsScreen } from './routes/accept-terms';
import { ConfirmDetailsScreen } from './routes/confirm-details';
import { ContractScreen } from './routes/contract';
import { GeneralInfoScreen } from './routes/general-info';
import { MetadataScreen } from './routes/metadata';
import { PaymentMethodScreen } from './routes/payment-method';
import { BankDetailsScreen } from './routes/bank-details';
import { PublisherInfoScreen } from './routes/publisher-info';
import { PublishingRightsScreen } from './routes/publishing-rights';
import { RoyaltyCalculatorScreen, type CalculatorStage } from './routes/royalty-calculator';
import { SubmissionCompleteScreen } from './routes/submission-complete';
import { UploadAssetsScreen } from './routes/upload-assets';
import { UploadAudioScreen } from './routes/upload-audio';
import { UploadTypeScreen } from './routes/upload-type';
import { APP_VERSION } from './app-version';

/** Page 2 of the book details: one screen for the three entry points, each the calculator of its format. */
const CALCULATOR_STAGES: readonly CalculatorStage[] = ['calculator', 'e-book', 'audio-book'];

/** Applicability of Terms and Conditions: one screen under both of its stage names. */
const APPLICABILITY_STAGES: readonly ApplicabilityStage[] = ['accept-terms-additional', 'applicability'];

/** The stages from the upload type to the cart confirmation. */
function finishingRoutes(base: BasePath) {
  return [
    <Route key={`${base}/upload-type`} path={`${base}/upload-type`} element={<UploadTypeScreen base={base} />} />,
    <Route key={`${base}/metadata`} path={`${base}/metadata`} element={<MetadataScreen base={base} />} />,
    <Route
      key={`${base}/confirm-bleed-cover`}
      path={`${base}/confirm-bleed-cover`}
      element={<ConfirmBleedCoverScreen base={base} />}
    />,
    <Route key={`${base}/upload-assets`} path={`${base}/upload-assets`} element={<UploadAssetsScreen base={base} />} />,
    <Route key={`${base}/upload-audio`} path={`${base}/upload-audio`} element={<UploadAudioScreen base={base} />} />,
    ...APPLICABILITY_STAGES.map((stage) => (
      <Route
        key={`${base}/${stage}`}
        path={`${base}/${stage}`}
        element={<ApplicabilityScreen base={base} stage={stage} />}
      />
    )),
    <Route
      key={`${base}/payment-method`}
      path={`${base}/payment-method`}
      element={<PaymentMethodScreen base={base} />}
    />,
    <Route
      key={`${base}/submission-complete`}
      path={`${base}/submission-complete`}
      element={<SubmissionCompleteScreen base={base} />}
    />,
  ];
}

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
          key={`${base}/publisher-info`}
          path={`${base}/publisher-info`}
          element={<PublisherInfoScreen base={base} />}
        />,
        <Route
          key={`${base}/bank-details`}
          path={`${base}/bank-details`}
          element={<BankDetailsScreen base={base} />}
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
        ...finishingRoutes(base),
      ])}
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
