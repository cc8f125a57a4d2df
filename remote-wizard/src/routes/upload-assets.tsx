import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle, type PdfRenderer } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { stagePath, type BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { readMetadataDraft } from '../features/metadata/metadata-draft';
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
 * files and opens confirm-bleed-cover.
 */
export function UploadAssetsScreen({ base, readImageSize, uploadDeps, pdfRenderer }: UploadAssetsScreenProps) {
  useDocumentTitle(`${flowName(base)}: Upload Your Files`);
  const navigate = useNavigate();
  const { continueLabel, complete } = useStageFlow(base, 'upload-assets');
  const [draft] = useState(readUploadDraft);
  const [metadata] = useState(readMetadataDraft);

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
        // Slots for issue 14's print-book components (built on another branch), to be passed here:
        // - coverTemplate: a node shown in the Cover section, e.g. the cover template of the
        //   book's trim size, spine and bleed (props it needs: draft.localBookId,
        //   draft.internationalBookId).
        // - preflightReport: (book: { finalFilename, file }) => node, shown under the book file
        //   once a print book's PDF is uploaded (POST /user/preflight with local_bookId,
        //   international_bookId, book = book.finalFilename, bleeding_needed =
        //   draft.bleedingNeeded); its blocking problems set `blocked` below.
        // - blocked: true while the preflight report has a blocking problem (disables Continue).
        blocked={false}
      />
    </>
  );
}
