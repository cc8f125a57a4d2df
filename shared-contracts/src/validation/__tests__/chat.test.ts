import {
  CHAT_IMAGE_ACCEPT,
  CHAT_IMAGE_TOO_LARGE_MESSAGE,
  CHAT_IMAGE_TYPE_MESSAGE,
  chatImageFailure,
  chatImageMediaType,
  MAX_CHAT_IMAGE_BYTES,
} from '..';

describe('chat images', () => {
  it('accepts the five extensions of the specification, whatever their case', () => {
    expect(CHAT_IMAGE_ACCEPT).toBe('.svg,.png,.jpg,.jpeg,.jfif');
    expect(['a.svg', 'a.png', 'a.jpg', 'a.jpeg', 'a.jfif', 'PHOTO.JPG', 'x.y.Png'].map(chatImageMediaType)).toEqual([
      'image/svg+xml',
      'image/png',
      'image/jpeg',
      'image/jpeg',
      'image/jpeg',
      'image/jpeg',
      'image/png',
    ]);
  });

  it.each(['scan.gif', 'notes.pdf', 'png', 'photo.png.exe', 'photo.webp', ''])('refuses %p', (name) => {
    expect(chatImageMediaType(name)).toBeNull();
    expect(chatImageFailure({ name, size: 10 })).toBe(CHAT_IMAGE_TYPE_MESSAGE);
  });

  it('accepts up to 1 MiB and refuses one byte more', () => {
    expect(chatImageFailure({ name: 'a.png', size: MAX_CHAT_IMAGE_BYTES })).toBeUndefined();
    expect(chatImageFailure({ name: 'a.png', size: MAX_CHAT_IMAGE_BYTES + 1 })).toBe(CHAT_IMAGE_TOO_LARGE_MESSAGE);
  });
});
