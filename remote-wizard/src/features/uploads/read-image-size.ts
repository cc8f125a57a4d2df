import type { ImageSize } from './file-rules';

/** Reads an image's width and height; rejects when the file is no image it can decode. */
export type ImageSizeReader = (file: Blob) => Promise<ImageSize>;

/** The browser's reader: createImageBitmap, else an <img> on an object URL. */
export const readImageSize: ImageSizeReader = async (file) => {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<ImageSize>((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error('The image could not be read.'));
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
};
