import { useState } from 'react';
import { useDocumentTitle, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { readMetadataDraft } from '../features/metadata/metadata-draft';
import type { UploadDeps } from '../features/uploads/chunked-upload';
import { readImageSize as browserImageSize, type ImageSizeReader } from '../features/uploads/read-image-size';
import { UploadAudioForm } from '../features/uploads/upload-audio-form';
import { readUploadDraft } from '../features/uploads/upload-draft';
import { flowName } from './flow-name';

/** Props of {@link UploadAudioScreen}; all but `base` replace the browser's in tests. */
export interface UploadAudioScreenProps {
  base: BasePath;
  readImageSize?: ImageSizeReader;
  uploadDeps?: Partial<UploadDeps>;
}

/**
 * `{base}/upload-audio`: Upload Your Audio Files, where Check Your Email sends an audiobook
 * whose recording the author makes. Continue posts /user/uploadbookaudio and moves on
 * (useStageFlow); Back clears the chosen files and returns to Check Your Email (contract), the
 * step this one came from.
 */
export function UploadAudioScreen({ base, readImageSize, uploadDeps }: UploadAudioScreenProps) {
  useDocumentTitle(`${flowName(base)}: Upload Your Audio Files`);
  const navigate = useNavigate();
  const { continueLabel, complete } = useStageFlow(base, 'upload-audio');
  const [draft] = useState(readUploadDraft);
  const [metadata] = useState(readMetadataDraft);

  return (
    <>
      <h1>Upload Your Audio Files</h1>
      <WizardProgress stage="upload-audio" />
      <UploadAudioForm
        draft={draft}
        metadata={metadata}
        continueLabel={continueLabel}
        onBack={() => navigate(stagePath(base, 'contract'))}
        onSubmitted={complete}
        readImageSize={readImageSize ?? browserImageSize}
        uploadDeps={uploadDeps}
      />
    </>
  );
}
