import { useState } from 'react';
import { useNavigate } from '@pod/shared-contracts';
import { markStageCompleted, readCompletedStages } from './completed-stages';
import { nextStage, stagePath, type BasePath, type Stage } from './stages';

/** What a stage screen needs to move on: its Continue label and the step forward. */
export interface StageFlow {
  /** 'Next' once the stage is completed, otherwise 'Continue' (spec section 4). */
  continueLabel: 'Next' | 'Continue';
  /** Records the stage as completed and opens the next stage under the same base path. */
  complete: () => void;
}

/** The Continue behaviour of `stage` entered under `base`. */
export function useStageFlow(base: BasePath, stage: Stage): StageFlow {
  const navigate = useNavigate();
  // Read once: the label describes the stage as the user found it, not the click that leaves it.
  const [completed] = useState(() => readCompletedStages().includes(stage));
  return {
    continueLabel: completed ? 'Next' : 'Continue',
    complete: () => {
      markStageCompleted(stage);
      const next = nextStage(stage);
      if (next) navigate(stagePath(base, next));
    },
  };
}
