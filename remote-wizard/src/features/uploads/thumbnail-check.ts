import { THUMBNAIL_MESSAGES, thumbnailSizeProblem, thumbnailTypeProblem, type BookFormat } from './file-rules';
import type { ImageSizeReader } from './read-image-size';

/**
 * The thumbnail's message for a chosen file, or null when it may be uploaded: the type first
 * (JPG/JPEG only), then its data (an empty file or one that is no image: 'Please upload a
 * valid JPG or JPEG file'), then its size for the format.
 */
export async function checkThumbnail(
  file: File,
  format: BookFormat | undefined,
  readImageSize: ImageSizeReader,
): Promise<string | null> {
  const typeProblem = thumbnailTypeProblem(file);
  if (typeProblem) return typeProblem;
  if (file.size === 0) return THUMBNAIL_MESSAGES.noData;
  let size;
  try {
    size = await readImageSize(file);
  } catch {
    return THUMBNAIL_MESSAGES.noData;
  }
  if (!(size.width > 0 && size.height > 0)) return THUMBNAIL_MESSAGES.noData;
  return thumbnailSizeProblem(format, size);
}
