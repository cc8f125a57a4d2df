import type { BOOK_FORMATS } from './book-details';

type Format = (typeof BOOK_FORMATS)[number];

/** The size a format's thumbnail must have, and whether one matching side is enough. */
export interface ThumbnailSize {
  width: number;
  height: number;
  /** `either`: the width or the height must match; `both`: both must. */
  match: 'either' | 'both';
}

/**
 * Thumbnail sizes (new-book-wizard.md sections 5 and 9): print 1000 px wide or high; eBook 1600
 * px wide or 2500 px high; audiobook 3000 x 3000 px (the spec's hint, enforced on both sides).
 */
export const THUMBNAIL_SIZES: Record<Format, ThumbnailSize> = {
  print: { width: 1000, height: 1000, match: 'either' },
  ebook: { width: 1600, height: 2500, match: 'either' },
  audiobook: { width: 3000, height: 3000, match: 'both' },
};

/** Spec section 5: a thumbnail without readable image data. */
export const THUMBNAIL_INVALID_MESSAGE = 'Please upload a valid JPG or JPEG file';

/**
 * The spec's message for a thumbnail of the wrong size (section 5), with the size the format
 * requires (1000px x 1000px, 1600px x 2500px for eBooks, 3000px x 3000px for audiobooks).
 */
export function thumbnailDimensionsMessage(format: Format, width: number, height: number): string {
  const required = THUMBNAIL_SIZES[format];
  return `Thumbnail dimensions are incorrect - We require a thumbnail image that is ${required.width}px x ${required.height}px whereas the image you selected is ${width}px x ${height}px`;
}

/** undefined when a `width` x `height` thumbnail fits the format, else the spec's message. */
export function thumbnailDimensionsFailure(format: Format, width: number, height: number): string | undefined {
  const required = THUMBNAIL_SIZES[format];
  const widthFits = width === required.width;
  const heightFits = height === required.height;
  const fits = required.match === 'both' ? widthFits && heightFits : widthFits || heightFits;
  return fits ? undefined : thumbnailDimensionsMessage(format, width, height);
}
