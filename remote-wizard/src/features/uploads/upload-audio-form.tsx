import { useState } from 'react';
import { toBookUploadPayload, type UploadMetadata } from './book-upload-payload';
import type { UploadDeps } from './chunked-upload';
import { acceptOf, AUDIO_TYPES, hasType, typeList } from './file-rules';
import { InvalidFileTypeModal, type RefusedFile } from './invalid-file-type-modal';
import type { ImageSizeReader } from './read-image-size';
import { runLanes } from './run-lanes';
import { THUMBNAIL_ID, ThumbnailSection } from './thumbnail-section';
import { UploadField } from './upload-field';
import { UploadFooter } from './upload-footer';
import type { UploadDraft } from './upload-draft';
import { UploadProgress } from './upload-progress';
import { useChunkedUploads } from './use-chunked-uploads';
import { useSubmitUpload } from './use-submit-upload';
import styles from './uploads.module.css';

/** Props of {@link UploadAudioForm}. */
export interface UploadAudioFormProps {
  draft: UploadDraft;
  metadata: UploadMetadata;
  continueLabel: string;
  onBack: () => void;
  onSubmitted: () => void;
  readImageSize: ImageSizeReader;
  uploadDeps?: Partial<UploadDeps>;
}

/** The message under 'Audio files' when some chosen files were not audio. */
function audioTypeError(names: string[]): string {
  return `Invalid File Type: ${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} not ${typeList(AUDIO_TYPES)}.`;
}

/**
 * Upload Your Audio Files: the 'Thumbnail' section (3000 x 3000 hint) and 'Audio files', the
 * chapters in the order chosen, each with its progress 'Audio upload: {name}'. 'Upload files'
 * sends the chapters one after another, then the thumbnail, through /session/v2/packet;
 * Continue posts /user/uploadbookaudio with `audio_files` in that order. Choosing files again
 * replaces the list.
 */
export function UploadAudioForm({
  draft,
  metadata,
  continueLabel,
  onBack,
  onSubmitted,
  readImageSize,
  uploadDeps,
}: UploadAudioFormProps) {
  const uploads = useChunkedUploads(draft, uploadDeps);
  const { submit, submitting, error: submitError } = useSubmitUpload('audiobook', onSubmitted);
  const [audioIds, setAudioIds] = useState<string[]>([]);
  const [nextId, setNextId] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<RefusedFile | null>(null);
  const [resetKey, setResetKey] = useState(0);

  const required = [...audioIds, ...(draft.thumbnailNeeded ? [] : [THUMBNAIL_ID])];
  const complete = audioIds.length > 0 && required.every((id) => uploads.slots[id]?.status === 'complete');

  const choose = (files: File[]) => {
    if (files.length === 0) return;
    for (const id of audioIds) uploads.remove(id);
    const kept = files.filter((file) => hasType(file, AUDIO_TYPES));
    const wrong = files.filter((file) => !hasType(file, AUDIO_TYPES)).map((file) => file.name);
    const ids = kept.map((file, index) => {
      const id = `audio-${nextId + index}`;
      uploads.select(id, 'audio', file);
      return id;
    });
    setNextId(nextId + kept.length);
    setAudioIds(ids);
    setError(wrong.length > 0 ? audioTypeError(wrong) : null);
    if (wrong.length > 0) {
      setRefused({ what: 'audio files', types: AUDIO_TYPES, plural: true });
      if (kept.length === 0) setResetKey((key) => key + 1);
    }
  };

  const uploadAll = async () => {
    const lane = [...audioIds, THUMBNAIL_ID].filter((id) => uploads.slots[id]);
    const refusedNames: string[] = [];
    for (const [id, outcome] of await runLanes(uploads.start, [lane])) {
      // The server read the file's first bytes and found no audio: as if it had been refused here.
      if (outcome.status === 'failed' && outcome.failure.code === 'FILE_TYPE' && id !== THUMBNAIL_ID) {
        refusedNames.push(uploads.slots[id]?.file.name ?? id);
        uploads.remove(id);
        setAudioIds((ids) => ids.filter((other) => other !== id));
      }
    }
    if (refusedNames.length > 0) {
      setError(audioTypeError(refusedNames));
      setRefused({ what: 'audio files', types: AUDIO_TYPES, plural: true });
    }
  };

  return (
    <div className={styles.screen}>
      {draft.thumbnailNeeded ? null : (
        <ThumbnailSection format="audiobook" uploads={uploads} readImageSize={readImageSize} disabled={submitting} />
      )}
      <section className={styles.section}>
        <h2>Audio files</h2>
        <UploadField
          label="Audio files"
          hint={`Your chapters in order, as ${typeList(AUDIO_TYPES)} files.`}
          accept={acceptOf(AUDIO_TYPES)}
          multiple
          error={error}
          disabled={submitting}
          resetKey={resetKey}
          onFiles={choose}
        >
          {audioIds.length > 0 ? (
            <ol className={styles.audioList} aria-label="Chosen audio files">
              {audioIds.map((id) => {
                const slot = uploads.slots[id];
                return slot ? (
                  <li key={id}>
                    <UploadProgress label={`Audio upload: ${slot.file.name}`} slot={slot} />
                  </li>
                ) : null;
              })}
            </ol>
          ) : null}
        </UploadField>
      </section>

      <UploadFooter
        uploads={uploads}
        onUpload={() => void uploadAll()}
        complete={complete}
        continueLabel={continueLabel}
        submitting={submitting}
        submitError={submitError}
        onBack={() => {
          uploads.clearAll();
          setAudioIds([]);
          onBack();
        }}
        onContinue={() =>
          void submit(
            toBookUploadPayload(draft, metadata, {
              cover: null,
              thumbnail: draft.thumbnailNeeded ? null : (uploads.slots[THUMBNAIL_ID]?.finalFilename ?? null),
              book: null,
              audioFiles: audioIds.map((id) => uploads.slots[id]?.finalFilename ?? ''),
            }),
          )
        }
      />
      <InvalidFileTypeModal refused={refused} onClose={() => setRefused(null)} />
    </div>
  );
}
