import { acceptOf, bookFileTypes, hasType, thumbnailHint, typeList } from '../file-rules';
import { checkThumbnail } from '../thumbnail-check';

const image = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });
const sized = (width: number, height: number) => async () => ({ width, height });
const unreadable = async () => {
  throw new Error('not an image');
};

describe('thumbnail rules (spec section 5, word for word)', () => {
  it('takes JPG and JPEG only', async () => {
    await expect(checkThumbnail(image('cover.png', 'image/png'), 'print', sized(1000, 1000))).resolves.toBe(
      'Cannot upload PNG files - Please upload a JPG or JPEG file',
    );
    await expect(checkThumbnail(image('cover.gif', 'image/gif'), 'print', sized(1000, 1000))).resolves.toBe(
      'Cannot upload GIF files - Please upload a JPG or JPEG file',
    );
    await expect(checkThumbnail(image('cover.pdf', 'application/pdf'), 'ebook', sized(1, 1))).resolves.toBe(
      'Cannot upload PDF files - Please upload a JPG or JPEG file',
    );
    await expect(checkThumbnail(image('cover.JPG', 'image/jpeg'), 'print', sized(1000, 1000))).resolves.toBeNull();
    await expect(checkThumbnail(image('cover.jpeg', 'image/jpeg'), 'print', sized(1000, 1000))).resolves.toBeNull();
  });

  it('refuses a file without image data', async () => {
    const message = 'Please upload a valid JPG or JPEG file';
    await expect(checkThumbnail(image('empty.jpg', 'image/jpeg', 0), 'print', sized(1000, 1000))).resolves.toBe(
      message,
    );
    await expect(checkThumbnail(image('broken.jpg', 'image/jpeg'), 'print', unreadable)).resolves.toBe(message);
  });

  it('checks the size of the format as the server does: print 1000 wide or high, eBook 1600 wide or 2500 high, audiobook 3000 x 3000', async () => {
    await expect(checkThumbnail(image('t.jpg', 'image/jpeg'), 'print', sized(800, 1200))).resolves.toBe(
      'Thumbnail dimensions are incorrect - We require a thumbnail image that is 1000px x 1000px whereas the image you selected is 800px x 1200px',
    );
    await expect(checkThumbnail(image('t.jpg', 'image/jpeg'), 'ebook', sized(1000, 1000))).resolves.toBe(
      'Thumbnail dimensions are incorrect - We require a thumbnail image that is 1600px x 2500px whereas the image you selected is 1000px x 1000px',
    );
    await expect(checkThumbnail(image('t.jpg', 'image/jpeg'), 'print', sized(1000, 1500))).resolves.toBeNull();
    await expect(checkThumbnail(image('t.jpg', 'image/jpeg'), 'ebook', sized(1600, 2500))).resolves.toBeNull();
    await expect(checkThumbnail(image('t.jpg', 'image/jpeg'), 'ebook', sized(1400, 2500))).resolves.toBeNull();
    await expect(checkThumbnail(image('t.jpg', 'image/jpeg'), 'audiobook', sized(3000, 3000))).resolves.toBeNull();
    await expect(checkThumbnail(image('t.jpg', 'image/jpeg'), 'audiobook', sized(3000, 2000))).resolves.toBe(
      'Thumbnail dimensions are incorrect - We require a thumbnail image that is 3000px x 3000px whereas the image you selected is 3000px x 2000px',
    );
    expect(thumbnailHint('audiobook')).toBe('A JPG or JPEG image of 3000 x 3000 px at 300 dpi.');
    expect(thumbnailHint('print')).toBe('A JPG or JPEG image of 1000 x 1000 px at 300 dpi.');
  });
});

describe('book file types', () => {
  it.each([
    ['print', false, false, ['pdf']],
    ['print', true, false, ['docx']],
    ['ebook', false, false, ['epub']],
    ['ebook', false, true, ['pdf', 'docx', 'indd']],
    ['audiobook', false, false, []],
  ] as const)('%s (raw %s, conversion %s) takes %j', (format, raw, conversion, types) => {
    expect(bookFileTypes(format, raw, conversion)).toEqual(types);
  });

  it('judges a file by its extension', () => {
    expect(hasType({ name: 'My Book.PDF' }, ['pdf'])).toBe(true);
    expect(hasType({ name: 'book.pdf.zip' }, ['pdf'])).toBe(false);
    expect(hasType({ name: 'pdf' }, ['pdf'])).toBe(false);
    expect(acceptOf(['pdf', 'docx'])).toBe('.pdf,.docx');
    expect(typeList(['pdf', 'docx', 'indd'])).toBe('.pdf, .docx or .indd');
  });
});
