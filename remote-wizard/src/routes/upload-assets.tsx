import { useState } from 'react';
import { useDocumentTitle, type PdfRenderer, useNavigate } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { CoverTemplate } from '../features/cover-template/cover-template';
import { readMetadataDraft } from '../features/metadata/metadata-draft';
import { PreflightReport } from '../features/preflight/preflight-report';
import type { UploadDeps } from '../features/uploads/chunked-upload';
import { readImageSize as browserImageSize, type ImageSizeReader } from '../features/uploads/read-image-size';
import { UploadAssetsForm } from '../features/uploads/upload-assets-form';
import { readUploadDraft } from '../features/uploads/upload-draft';
import { flowName } from './flow-name';

/** Props of {@link UploadAssetsScreen}; all but `base` replace the browser's in tests. */
export interface UploadAssetsScreenProps {
  base: BasePath;
  readImageSize?: ImageSizeReader;
  uploadDeps?: Partial<UploadDeps>;
  pdfRenderer?: PdfRenderer;
}

/**
 * `{base}/upload-assets`: Upload Your Files. The draft says which sections show (the cover of a
 * print book unless our designers make it, the thumbnail unless they make it, the book file);
 * Continue posts /user/uploadbook{suffix} and moves on (useStageFlow); Back clears the chosen
 * files and opens confirm-bleed-cover. A print book's Cover section offers the cover template;
 * its uploaded PDF is checked (preflight), and a blocking problem keeps Continue disabled.
 */
export function UploadAssetsScreen({ base, readImageSize, uploadDeps, pdfRenderer }: UploadAssetsScreenProps) {
  useDocumentTitle(`${flowName(base)}: Upload Your Files`);
  const navigate = useNavigate();
  const { continueLabel, complete } = useStageFlow(base, 'upload-assets');
  const [draft] = useState(readUploadDraft);
  const [metadata] = useState(readMetadataDraft);
  const [blocked, setBlocked] = useState(false);

  return (
    <>
      <h1>Upload Your Files</h1>
      <WizardProgress stage="upload-assets" />
      <UploadAssetsForm
        draft={draft}
        metadata={metadata}
        continueLabel={continueLabel}
        onBack={() => navigate(stagePath(base, 'confirm-bleed-cover'))}
        onSubmitted={complete}
        readImageSize={readImageSize ?? browserImageSize}
        uploadDeps={uploadDeps}
        pdfRenderer={pdfRenderer}
        coverTemplate={
          <CoverTemplate localBookId={draft.localBookId} internationalBookId={draft.internationalBookId} />
        }
        preflightReport={({ finalFilename, file }) => (
          <PreflightReport
            key={finalFilename}
            localBookId={draft.localBookId}
            internationalBookId={draft.internationalBookId}
            bookFilename={finalFilename}
            bleedingNeeded={draft.bleedingNeeded}
            file={file}
            onBlockedChange={setBlocked}
            renderer={pdfRenderer}
          />
        )}
        // A blocking preflight problem stops the submission (the server refuses it too).
        blocked={blocked}
      />
    </>
  );
}
