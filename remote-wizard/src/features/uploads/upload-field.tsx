import type { ReactNode } from 'react';
import { Field } from '@pod/shared-contracts';
import styles from './uploads.module.css';

/** Props of {@link UploadField}. */
export interface UploadFieldProps {
  /** The input's name, exactly: 'Cover file', 'Thumbnail image', 'Book file', 'Audio files'. */
  label: string;
  /** The accepted types and sizes, describing the input. */
  hint: string;
  /** The input's accept attribute ('.pdf'). */
  accept: string;
  multiple?: boolean;
  error?: string | null;
  disabled?: boolean;
  /** Called with the chosen files (none when the choice was cancelled). */
  onFiles: (files: File[]) => void;
  /** Changing it empties the input (a refused or cleared choice). */
  resetKey?: number;
  /** The progress and actions under the input. */
  children?: ReactNode;
}

/** A labelled file input with its hint and message (aria-describedby, aria-invalid) and what follows it. */
export function UploadField({
  label,
  hint,
  accept,
  multiple,
  error,
  disabled,
  onFiles,
  resetKey,
  children,
}: UploadFieldProps) {
  return (
    <>
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <input
            key={resetKey}
            {...control}
            className={styles.fileInput}
            type="file"
            accept={accept}
            multiple={multiple}
            disabled={disabled}
            onChange={(event) => onFiles(Array.from(event.currentTarget.files ?? []))}
          />
        )}
      </Field>
      {children}
    </>
  );
}
