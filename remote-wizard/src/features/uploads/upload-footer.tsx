import { AlertBar, Button } from '@pod/shared-contracts';
import { StageActions } from '../../components/stage-actions';
import { UploadFailureAlert } from './upload-failure-alert';
import type { ChunkedUploads } from './use-chunked-uploads';
import styles from './uploads.module.css';

/** Props of {@link UploadFooter}. */
export interface UploadFooterProps {
  uploads: ChunkedUploads;
  /** Starts every chosen upload that is not complete (also Retry). */
  onUpload: () => void;
  /** Every file the book needs is uploaded. */
  complete: boolean;
  /** A slot for a check that must pass first (the preflight report): disables Continue. */
  blocked?: boolean;
  continueLabel: string;
  onContinue: () => void;
  onBack: () => void;
  submitting: boolean;
  submitError: string | null;
}

/**
 * The foot of an upload screen: the start-failure alert with Retry, 'Upload files', the
 * submit's error and Back / Continue (Continue once every file is uploaded and nothing blocks).
 */
export function UploadFooter({
  uploads,
  onUpload,
  complete,
  blocked = false,
  continueLabel,
  onContinue,
  onBack,
  submitting,
  submitError,
}: UploadFooterProps) {
  const slots = Object.values(uploads.slots);
  const uploading = slots.some((slot) => slot.status === 'uploading');
  const failed = slots.some((slot) => slot.status === 'failed');
  const waiting = slots.some((slot) => slot.status === 'ready' || slot.status === 'failed');
  return (
    <div className={styles.actions}>
      {failed && !uploading ? <UploadFailureAlert onRetry={onUpload} /> : null}
      <div className={styles.row}>
        <Button type="button" onClick={onUpload} disabled={!waiting} busy={uploading}>
          Upload files
        </Button>
      </div>
      {complete ? null : (
        <p className={styles.note}>
          Choose your files and select Upload files; you can go on once every file is uploaded.
        </p>
      )}
      {submitError ? <AlertBar variant="danger" message={submitError} /> : null}
      <StageActions
        continueLabel={continueLabel}
        onBack={onBack}
        onContinue={onContinue}
        busy={submitting}
        disabled={!complete || blocked || uploading}
      />
    </div>
  );
}
