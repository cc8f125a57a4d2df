import { useParams } from 'react-router-dom';
import { PageNotFound, PlaceholderScreen } from '@pod/shared-contracts';

/** The wizard's stages in order, then the further stage names (new-book-wizard.md). */
export const STAGES = [
  'publishing-rights',
  'general-info',
  'calculator',
  'confirm-details',
  'publisher-info',
  'bank-details',
  'accept-terms',
  'contract',
  'upload-type',
  'metadata',
  'confirm-bleed-cover',
  'upload-assets',
  'accept-terms-additional',
  'payment-method',
  'submission-complete',
  'e-book',
  'audio-book',
  'upload-audio',
  'applicability',
] as const;

const LABELS: Record<string, string> = {
  'e-book': 'eBook',
  'audio-book': 'Audiobook',
  'general-info': 'General information',
};

/** 'confirm-bleed-cover' -> 'Confirm bleed cover'. */
export function stageLabel(stage: string): string {
  return LABELS[stage] ?? `${stage.charAt(0).toUpperCase()}${stage.slice(1).replace(/-/g, ' ')}`;
}

/** One wizard stage, for /new-book/:stage and /my-first-book/:stage. */
export function StageScreen({ flow }: { flow: 'New book' | 'My first book' }) {
  const { stage = '' } = useParams();
  if (!(STAGES as readonly string[]).includes(stage)) return <PageNotFound />;
  return <PlaceholderScreen title={`${flow}: ${stageLabel(stage)}`} />;
}
