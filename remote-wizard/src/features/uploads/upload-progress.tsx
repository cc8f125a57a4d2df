import { ProgressBar } from '@pod/shared-contracts';
import { formatTimeLeft, percentSent, progressText } from './chunks';
import type { UploadSlot } from './use-chunked-uploads';
import styles from './uploads.module.css';

/** What a file's status adds after its byte count. */
function statusText(slot: UploadSlot): string {
  switch (slot.status) {
    case 'uploading':
      return formatTimeLeft(slot.secondsLeft);
    case 'complete':
      return 'Uploaded';
    case 'failed':
      return 'Stopped';
    default:
      return slot.sentBytes > 0 ? 'Continues from here when you upload' : 'Ready to upload';
  }
}

/**
 * One file's progress: a progress bar named `label` ('Cover upload'), the bytes sent of the
 * whole with their percentage ('1 024 000 of 3 000 000 bytes (34%)') and the time left.
 */
export function UploadProgress({ label, slot }: { label: string; slot: UploadSlot }) {
  const status = statusText(slot);
  return (
    <div className={styles.progress}>
      <ProgressBar label={label} value={percentSent(slot.sentBytes, slot.totalBytes)} />
      <p className={styles.progressText}>
        <span>{progressText(slot.sentBytes, slot.totalBytes)}</span>
        {status ? <span>{status}</span> : null}
      </p>
    </div>
  );
}
