import { AlertBar, Button } from '@pod/shared-contracts';
import styles from './uploads.module.css';

/**
 * Spec section 8: an upload that could not go on shows 'Something went wrong' / 'This may be
 * due to your internet connection.' with a retry; Retry resumes from the piece each file had
 * reached. (The errors of single pieces, retried on their own, are only logged.)
 */
export function UploadFailureAlert({ onRetry, busy }: { onRetry: () => void; busy?: boolean }) {
  return (
    <div className={styles.row}>
      <AlertBar variant="danger" title="Something went wrong" message="This may be due to your internet connection." />
      <Button type="button" variant="secondary" onClick={onRetry} busy={busy}>
        Retry
      </Button>
    </div>
  );
}
