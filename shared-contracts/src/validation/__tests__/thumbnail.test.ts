import { thumbnailDimensionsFailure, thumbnailDimensionsMessage } from '../thumbnail';

describe('thumbnail dimensions', () => {
  it('takes a print thumbnail 1000 px wide or high', () => {
    expect(thumbnailDimensionsFailure('print', 1000, 1000)).toBeUndefined();
    expect(thumbnailDimensionsFailure('print', 1000, 1500)).toBeUndefined();
    expect(thumbnailDimensionsFailure('print', 667, 1000)).toBeUndefined();
    expect(thumbnailDimensionsFailure('print', 800, 600)).toBe(
      'Thumbnail dimensions are incorrect - We require a thumbnail image that is 1000px x 1000px whereas the image you selected is 800px x 600px',
    );
  });

  it('takes an eBook thumbnail 1600 px wide or 2500 px high', () => {
    expect(thumbnailDimensionsFailure('ebook', 1600, 2400)).toBeUndefined();
    expect(thumbnailDimensionsFailure('ebook', 1500, 2500)).toBeUndefined();
    expect(thumbnailDimensionsFailure('ebook', 1000, 1000)).toBe(
      'Thumbnail dimensions are incorrect - We require a thumbnail image that is 1600px x 2500px whereas the image you selected is 1000px x 1000px',
    );
  });

  it('takes an audiobook thumbnail of exactly 3000 x 3000 px', () => {
    expect(thumbnailDimensionsFailure('audiobook', 3000, 3000)).toBeUndefined();
    expect(thumbnailDimensionsFailure('audiobook', 3000, 2999)).toBe(
      thumbnailDimensionsMessage('audiobook', 3000, 2999),
    );
    expect(thumbnailDimensionsMessage('audiobook', 3000, 2999)).toContain('3000px x 3000px whereas');
  });
});
