import { useState } from 'react';
import { Button } from '@pod/shared-contracts';
import { thumbnailHint, type BookFormat } from './file-rules';
import type { ImageSizeReader } from './read-image-size';
import { checkThumbnail } from './thumbnail-check';
import { TutorialVideoModal } from './tutorial-video-modal';
import { UploadField } from './upload-field';
import { UploadProgress } from './upload-progress';
import type { ChunkedUploads } from './use-chunked-uploads';
import styles from './uploads.module.css';

/** The slot id of the thumbnail in the screen's uploads. */
export const THUMBNAIL_ID = 'thumbnail';

/** Props of {@link ThumbnailSection}. */
export interface ThumbnailSectionProps {
  format: BookFormat | undefined;
  uploads: ChunkedUploads;
  readImageSize: ImageSizeReader;
  disabled?: boolean;
}

/**
 * The 'Thumbnail' section: 'Thumbnail image' (JPG/JPEG, checked as spec section 5 says: its
 * type, its data, its size for the format), its progress 'Thumbnail upload' and the tutorial.
 * A refused image is not kept: the message stays under the input until another is chosen.
 */
export function ThumbnailSection({ format, uploads, readImageSize, disabled }: ThumbnailSectionProps) {
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [tutorial, setTutorial] = useState(false);
  const slot = uploads.slots[THUMBNAIL_ID];

  const choose = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const problem = await checkThumbnail(file, format, readImageSize);
    if (problem) {
      uploads.remove(THUMBNAIL_ID);
      setError(problem);
      setResetKey((key) => key + 1);
      return;
    }
    setError(null);
    uploads.select(THUMBNAIL_ID, 'thumbnail', file);
  };

  return (
    <section className={styles.section}>
      <h2>Thumbnail</h2>
      <UploadField
        label="Thumbnail image"
        hint={thumbnailHint(format)}
        accept=".jpg,.jpeg"
        error={error}
        disabled={disabled}
        resetKey={resetKey}
        onFiles={(files) => void choose(files)}
      >
        {slot ? <UploadProgress label="Thumbnail upload" slot={slot} /> : null}
      </UploadField>
      <div className={styles.row}>
        <Button type="button" variant="link" onClick={() => setTutorial(true)}>
          Watch the thumbnail tutorial
        </Button>
      </div>
      <TutorialVideoModal open={tutorial} onClose={() => setTutorial(false)} />
    </section>
  );
}
