import { useState, type ReactNode } from 'react';
import { Button } from '@pod/shared-contracts';
import { acceptOf, extensionOf, hasType, INVALID_FILE_TYPE, typeList } from './file-rules';
import type { RefusedFile } from './invalid-file-type-modal';
import { UploadField } from './upload-field';
import { UploadProgress } from './upload-progress';
import type { UploadKind } from './chunked-upload';
import type { ChunkedUploads } from './use-chunked-uploads';
import styles from './uploads.module.css';

/** Props of {@link DocumentField}. */
export interface DocumentFieldProps {
  /** The slot id and kind ('cover' or 'book'). */
  kind: Extract<UploadKind, 'cover' | 'book'>;
  /** 'Cover file' or 'Book file'. */
  label: string;
  /** 'Cover upload' or 'Book file upload'. */
  progressLabel: string;
  /** 'cover file', 'book file': the modal's words. */
  what: string;
  types: readonly string[];
  uploads: ChunkedUploads;
  /** A type refused here, or by the server (its error shows under the input). */
  error: string | null;
  onError: (message: string | null) => void;
  onRefused: (refused: RefusedFile) => void;
  /** Offers 'Preview {label}' for a chosen PDF. */
  onPreview: (file: File) => void;
  suggestConversion?: boolean;
  disabled?: boolean;
  /** What shows once the file is uploaded (the preflight report's slot). */
  children?: ReactNode;
}

/** The error under an input whose file was refused for its type. */
export function typeError(types: readonly string[]): string {
  return `${INVALID_FILE_TYPE}: please choose a ${typeList(types)} file.`;
}

/**
 * A cover or book file input: a file of another type opens the 'Invalid File Type' modal and
 * is not kept; a kept one shows its progress and, when it is a PDF, 'Preview …'.
 */
export function DocumentField({
  kind,
  label,
  progressLabel,
  what,
  types,
  uploads,
  error,
  onError,
  onRefused,
  onPreview,
  suggestConversion,
  disabled,
  children,
}: DocumentFieldProps) {
  const [resetKey, setResetKey] = useState(0);
  const slot = uploads.slots[kind];

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!hasType(file, types)) {
      uploads.remove(kind);
      onError(typeError(types));
      setResetKey((key) => key + 1);
      onRefused({ what, types, suggestConversion });
      return;
    }
    onError(null);
    uploads.select(kind, kind, file);
  };

  return (
    <UploadField
      label={label}
      hint={`Accepted: ${typeList(types)}.`}
      accept={acceptOf(types)}
      error={error}
      disabled={disabled}
      resetKey={resetKey}
      onFiles={choose}
    >
      {slot ? (
        <>
          <UploadProgress label={progressLabel} slot={slot} />
          {extensionOf(slot.file.name) === 'pdf' ? (
            <div className={styles.row}>
              <Button type="button" variant="secondary" onClick={() => onPreview(slot.file)}>
                Preview {label.toLowerCase()}
              </Button>
            </div>
          ) : null}
          {slot.status === 'complete' ? children : null}
        </>
      ) : null}
    </UploadField>
  );
}
