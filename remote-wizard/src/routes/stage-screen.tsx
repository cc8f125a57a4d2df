import { Link, useParams } from 'react-router-dom';
import { PageNotFound, PlaceholderScreen } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { isStage, previousStage, stageLabel, stagePath, type BasePath } from '../lib/stages';
import { flowName } from './flow-name';

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
    </>
  );
}
