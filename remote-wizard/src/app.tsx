import {
  lazyRoute,
  preloadRoutes,
  PageNotFound,
  reportLoadedVersion,
  Navigate,
  Route,
  ScreenRoutes,
} from '@pod/shared-contracts';
import { BASE_PATHS, type BasePath } from './lib/stages';
import type { ApplicabilityStage } from './routes/applicability';
import type { CalculatorStage } from './routes/royalty-calculator';
import { APP_VERSION } from './app-version';

// One chunk per screen, fetched when its route is first shown, so a visit downloads only the
// code of the screen it opens. A chunk that fails to load reaches the host's error boundary,
// whose Retry fetches it again.
const ApplicabilityScreen = lazyRoute(() => import('./routes/applicability').then((m) => m.ApplicabilityScreen));
const ConfirmBleedCoverScreen = lazyRoute(() =>
  import('./routes/confirm-bleed-cover').then((m) => m.ConfirmBleedCoverScreen),
);
const AcceptTermsScreen = lazyRoute(() => import('./routes/accept-terms').then((m) => m.AcceptTermsScreen));
const ConfirmDetailsScreen = lazyRoute(() => import('./routes/confirm-details').then((m) => m.ConfirmDetailsScreen));
const ContractScreen = lazyRoute(() => import('./routes/contract').then((m) => m.ContractScreen));
const GeneralInfoScreen = lazyRoute(() => import('./routes/general-info').then((m) => m.GeneralInfoScreen));
const MetadataScreen = lazyRoute(() => import('./routes/metadata').then((m) => m.MetadataScreen));
const PaymentMethodScreen = lazyRoute(() => import('./routes/payment-method').then((m) => m.PaymentMethodScreen));
const BankDetailsScreen = lazyRoute(() => import('./routes/bank-details').then((m) => m.BankDetailsScreen));
const PublisherInfoScreen = lazyRoute(() => import('./routes/publisher-info').then((m) => m.PublisherInfoScreen));
const PublishingRightsScreen = lazyRoute(() =>
  import('./routes/publishing-rights').then((m) => m.PublishingRightsScreen),
);
const RoyaltyCalculatorScreen = lazyRoute(() =>
  import('./routes/royalty-calculator').then((m) => m.RoyaltyCalculatorScreen),
);
const SubmissionCompleteScreen = lazyRoute(() =>
  import('./routes/submission-complete').then((m) => m.SubmissionCompleteScreen),
);
const UploadAssetsScreen = lazyRoute(() => import('./routes/upload-assets').then((m) => m.UploadAssetsScreen));
const UploadAudioScreen = lazyRoute(() => import('./routes/upload-audio').then((m) => m.UploadAudioScreen));
const UploadTypeScreen = lazyRoute(() => import('./routes/upload-type').then((m) => m.UploadTypeScreen));

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

/** Fetches every screen's chunk ahead of its first render (tests render screens at once). */
export function preloadScreens(): Promise<void> {
  return Promise.all(
    [
      ApplicabilityScreen,
      ConfirmBleedCoverScreen,
      AcceptTermsScreen,
      ConfirmDetailsScreen,
      ContractScreen,
      GeneralInfoScreen,
      MetadataScreen,
      PaymentMethodScreen,
      BankDetailsScreen,
      PublisherInfoScreen,
      PublishingRightsScreen,
      RoyaltyCalculatorScreen,
      SubmissionCompleteScreen,
      UploadAssetsScreen,
      UploadAudioScreen,
      UploadTypeScreen,
    ].map((screen) => screen.preload()),
  ).then(() => undefined);
}

/** The routes of `App`, also matched by `preloadRoute`. */
const ROUTES = (
  <>
    {BASE_PATHS.flatMap((base) => [
      <Route key={base} path={base} element={<Navigate to={`${base}/publishing-rights`} replace />} />,
      <Route
        key={`${base}/publishing-rights`}
        path={`${base}/publishing-rights`}
        element={<PublishingRightsScreen base={base} />}
      />,
      <Route key={`${base}/general-info`} path={`${base}/general-info`} element={<GeneralInfoScreen base={base} />} />,
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
      <Route key={`${base}/bank-details`} path={`${base}/bank-details`} element={<BankDetailsScreen base={base} />} />,
      <Route key={`${base}/accept-terms`} path={`${base}/accept-terms`} element={<AcceptTermsScreen base={base} />} />,
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
  </>
);

/** Fetches the screen `pathname` shows, before the host first renders `App` (RemoteModule). */
export function preloadRoute(pathname: string): Promise<void> {
  return preloadRoutes(ROUTES, pathname);
}

/**
 * remote_wizard's exposed `./App`: the new-book wizard under /new-book and /my-first-book,
 * at absolute paths (the host renders it outside any <Route>). Each base path routes to the
 * same stages, and every screen builds its links from the base it was entered by.
 */
export default function App() {
  return <ScreenRoutes routes={ROUTES} />;
}
