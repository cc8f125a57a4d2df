import { useState } from 'react';
import { ProgressBar } from '@pod/shared-contracts';
import { isRawUpload } from '../lib/completed-stages';
import { progressPercent, type Stage } from '../lib/stages';

/** The wizard's progress bar: the stage's index over 9 (10 for a raw upload), as a percentage. */
export function WizardProgress({ stage }: { stage: Stage }) {
  const [raw] = useState(isRawUpload);
  // Two decimals: 1 of 9 stages is 11.11 percent, the figure the royalty widget's labels compare with.
  const percent = Math.round(progressPercent(stage, raw) * 100) / 100;
  return <ProgressBar label="Upload progress" value={percent} />;
}
