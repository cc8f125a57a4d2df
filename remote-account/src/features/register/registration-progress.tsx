import { ProgressBar } from '@pod/shared-contracts';

/** The three registration steps in order: email-password, your-details, welcome. */
const STEP_VALUES = { 1: 33, 2: 66, 3: 100 } as const;

/** The progress bar above every registration step ('Registration progress', 33/66/100). */
export function RegistrationProgress({ step }: { step: 1 | 2 | 3 }) {
  return <ProgressBar value={STEP_VALUES[step]} label="Registration progress" />;
}
