import { Link, useParams } from 'react-router-dom';
import { PageNotFound, PlaceholderScreen } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { DraftRoyaltyWidget } from '../features/royalty-widget/draft-royalty-widget';
import { isRawUpload } from '../lib/completed-stages';
import {
  isStage,
  previousStage,
  progressPercent,
  stageLabel,
  stagePath,
  type BasePath,
  type Stage,
} from '../lib/stages';
import { flowName } from './flow-name';

/** The stages the royalty widget floats on (new-book-wizard.md, "Royalty widget"). */
const ROYALTY_STAGES: readonly Stage[] = ['calculator', 'audio-book', 'e-book'];

/**
 * A stage not built yet, for `{base}/:stage`: its heading, the progress bar and a link back to
 * the stage before it, so the wizard can be walked both ways today.
 */
export function StageScreen({ base }: { base: BasePath }) {
  const { stage = '' } = useParams();
  if (!isStage(stage)) return <PageNotFound />;
  const previous = previousStage(stage);
  return (
    <>
      <PlaceholderScreen title={`${flowName(base)}: ${stageLabel(stage)}`} />
      <WizardProgress stage={stage} />
      {previous ? <Link to={stagePath(base, previous)}>Back to {stageLabel(previous)}</Link> : null}
      {ROYALTY_STAGES.includes(stage) ? (
        <DraftRoyaltyWidget key={stage} progress={progressPercent(stage, isRawUpload())} />
      ) : null}
    </>
  );
}
