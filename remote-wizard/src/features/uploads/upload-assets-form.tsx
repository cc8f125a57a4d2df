import { useState, type ReactNode } from 'react';
import { PdfViewer, type PdfRenderer } from '@pod/shared-contracts';
import { pdfjsRenderer } from '@pod/shared-contracts/pdfjs';
import { toBookUploadPayload, type UploadMetadata } from './book-upload-payload';
import type { UploadDeps } from './chunked-upload';
import { DocumentField, typeError } from './document-field';
import { bookFileTypes, COVER_TYPES } from './file-rules';
import { InvalidFileTypeModal, type RefusedFile } from './invalid-file-type-modal';
import type { ImageSizeReader } from './read-image-size';
import { runLanes } from './run-lanes';
import { THUMBNAIL_ID, ThumbnailSection } from './thumbnail-section';
import { UploadFooter } from './upload-footer';
import type { UploadDraft } from './upload-draft';
import { useChunkedUploads } from './use-chunked-uploads';
import { useSubmitUpload } from './use-submit-upload';
import styles from './uploads.module.css';

/** The uploaded book file, for the preflight report's slot. */
export interface UploadedBook {
  finalFilename: string;
  file: File;
}

/** Props of {@link UploadAssetsForm}. */
export interface UploadAssetsFormProps {
  draft: UploadDraft;
  /** The Additional Details of the metadata step (sent with the files). */
  metadata: UploadMetadata;
  continueLabel: string;
  onBack: () => void;
  /** Called once POST /user/uploadbook{suffix} answered statusCode 0. */
  onSubmitted: () => void;
  readImageSize: ImageSizeReader;
  /** Replaces parts of the uploads' outside world (tests). */
  uploadDeps?: Partial<UploadDeps>;
  /** Replaces the PDF preview's renderer (tests). */
  pdfRenderer?: PdfRenderer;
  /** Disables Continue while true (the preflight report's blocking problems). */
  blocked?: boolean;
  /** Shown in the Cover section of a print book (the cover template). */
  coverTemplate?: ReactNode;
  /** Shown once a print book's PDF is uploaded (the preflight report). */
  preflightReport?: (book: UploadedBook) => ReactNode;
}

/**
 * Upload Your Files: the 'Cover' (print), 'Thumbnail' and 'Book file' sections, each file
 * uploaded in pieces with its progress; 'Upload files' starts them (a print book's cover and
 * book side by side, the others one after another); Continue submits the files and details.
 */
export function UploadAssetsForm({
  draft,
  metadata,
  continueLabel,
  onBack,
  onSubmitted,
  readImageSize,
  uploadDeps,
  pdfRenderer = pdfjsRenderer,
  blocked,
  coverTemplate,
  preflightReport,
}: UploadAssetsFormProps) {
  const { format } = draft;
  const print = format === 'print';
  const hasBookFile = print || format === 'ebook';
  const uploads = useChunkedUploads(draft, uploadDeps);
  const { submit, submitting, error: submitError } = useSubmitUpload(format ?? 'print', onSubmitted);
  const [errors, setErrors] = useState<Record<'cover' | 'book', string | null>>({ cover: null, book: null });
  const [refused, setRefused] = useState<RefusedFile | null>(null);
  const [preview, setPreview] = useState<File | null>(null);

  const coverUpload = print && !draft.coverNeeded;
  const bookTypes = bookFileTypes(format, draft.raw, draft.conversionNeeded);
  const suggestConversion = format === 'ebook' && !draft.conversionNeeded;
  const required = [
    ...(coverUpload ? ['cover'] : []),
    ...(draft.thumbnailNeeded ? [] : [THUMBNAIL_ID]),
    ...(hasBookFile ? ['book'] : []),
  ];
  const complete = required.every((id) => uploads.slots[id]?.status === 'complete');
  const fileName = (id: string) => uploads.slots[id]?.finalFilename ?? null;
  const setError = (id: 'cover' | 'book') => (message: string | null) =>
    setErrors((current) => ({ ...current, [id]: message }));

  const uploadAll = async () => {
    // The book, then the thumbnail, through /session/v2/packet; a cover beside them.
    const lanes = [['book', THUMBNAIL_ID], ['cover']].map((lane) => lane.filter((id) => uploads.slots[id]));
    for (const [id, outcome] of await runLanes(uploads.start, lanes)) {
      // The server read the file's first bytes and refused its type: as if it had been refused here.
      if (outcome.status === 'failed' && outcome.failure.code === 'FILE_TYPE' && (id === 'cover' || id === 'book')) {
        const types = id === 'cover' ? COVER_TYPES : bookTypes;
        uploads.remove(id);
        setError(id)(typeError(types));
        setRefused({ what: id === 'cover' ? 'cover file' : 'book file', types, suggestConversion });
      }
    }
  };

  const book = uploads.slots.book;
  return (
    <div className={styles.screen}>
      {/* The sections are not named regions: 'Book file' must name the file input alone. */}
      {print ? (
        <section className={styles.section}>
          <h2>Cover</h2>
          {coverUpload ? (
            <DocumentField
              kind="cover"
              label="Cover file"
              progressLabel="Cover upload"
              what="cover file"
              types={COVER_TYPES}
              uploads={uploads}
              error={errors.cover}
              onError={setError('cover')}
              onRefused={setRefused}
              onPreview={setPreview}
              disabled={submitting}
            />
          ) : (
            <p className={styles.note}>
              You asked for our cover design: our designers make your cover, so there is no cover file to upload.
            </p>
          )}
          {/* Slot: the cover template of a print book (props coverTemplate, given by the route). */}
          {coverTemplate}
        </section>
      ) : null}

      {draft.thumbnailNeeded ? null : (
        <ThumbnailSection format={format} uploads={uploads} readImageSize={readImageSize} disabled={submitting} />
      )}

      {hasBookFile ? (
        <section className={styles.section}>
          <h2>Book file</h2>
          <DocumentField
            kind="book"
            label="Book file"
            progressLabel="Book file upload"
            what={format === 'ebook' ? 'eBook file' : 'book file'}
            types={bookTypes}
            uploads={uploads}
            error={errors.book}
            onError={setError('book')}
            onRefused={setRefused}
            onPreview={setPreview}
            suggestConversion={suggestConversion}
            disabled={submitting}
          >
            {/* Slot: the preflight report, once a print book's PDF is uploaded (props preflightReport, given by the route). */}
            {print && book?.finalFilename && !draft.raw && preflightReport
              ? preflightReport({ finalFilename: book.finalFilename, file: book.file })
              : null}
          </DocumentField>
        </section>
      ) : null}

      <UploadFooter
        uploads={uploads}
        onUpload={() => void uploadAll()}
        complete={complete}
        blocked={blocked}
        continueLabel={continueLabel}
        submitting={submitting}
        submitError={submitError}
        onBack={() => {
          uploads.clearAll();
          onBack();
        }}
        onContinue={() =>
          void submit(
            toBookUploadPayload(draft, metadata, {
              cover: coverUpload ? fileName('cover') : null,
              thumbnail: draft.thumbnailNeeded ? null : fileName(THUMBNAIL_ID),
              book: hasBookFile ? fileName('book') : null,
              ...(format === 'audiobook' ? { audioFiles: [] } : {}),
            }),
          )
        }
      />

      <InvalidFileTypeModal refused={refused} onClose={() => setRefused(null)} />
      <PdfViewer
        open={preview !== null}
        title={preview?.name ?? ''}
        fileName={preview?.name ?? 'file.pdf'}
        load={() => (preview ? Promise.resolve(preview) : Promise.reject(new Error('No file')))}
        onClose={() => setPreview(null)}
        renderer={pdfRenderer}
      />
    </div>
  );
}
