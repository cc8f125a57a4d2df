import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_CHAT_IMAGE_BYTES } from '@pod/shared-contracts/validation';
import { detectChatImage, readChatImage } from '../../src/domain/chat-image.js';
import { pngDataUrl } from '../helpers/contract-body.js';

const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const SVG = '<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';

describe('chat images', () => {
  it('takes PNG, JPEG (.jpg, .jpeg, .jfif) and SVG by their bytes', () => {
    assert.equal(detectChatImage(Buffer.from(pngDataUrl().split(',')[1]!, 'base64'))?.kind, 'png');
    assert.equal(detectChatImage(JPEG)?.contentType, 'image/jpeg');
    assert.equal(detectChatImage(Buffer.from(SVG))?.extension, 'svg');
    assert.equal(detectChatImage(Buffer.from('\uFEFF<svg viewBox="0 0 1 1"></svg>'))?.kind, 'svg');
    const read = readChatImage(dataUrl('image/jpeg', JPEG));
    assert.ok(read.ok && read.type.kind === 'jpeg');
  });

  it('refuses other types, bytes that disagree with the declared type, and non-SVG text', () => {
    for (const url of [
      dataUrl('image/gif', 'GIF89a......'),
      dataUrl('text/html', '<html><script>alert(1)</script></html>'),
      dataUrl('image/png', JPEG),
      dataUrl('image/svg+xml', '<html><body><svg/></body></html>'),
      dataUrl('image/svg+xml', Buffer.from([0xff, 0xfe, 0x3c, 0x00])),
      'data:image/png,notbase64',
      'https://example.test/a.png',
      'data:image/png;base64,',
    ]) {
      assert.deepEqual(readChatImage(url), { ok: false, reason: 'type' }, url.slice(0, 40));
    }
  });

  it('refuses an image over 1 MB before decoding it, and takes one of exactly 1 MB', () => {
    const png = Buffer.from(pngDataUrl().split(',')[1]!, 'base64');
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    assert.equal(readChatImage(dataUrl('image/png', padded(MAX_CHAT_IMAGE_BYTES))).ok, true);
    assert.deepEqual(readChatImage(dataUrl('image/png', padded(MAX_CHAT_IMAGE_BYTES + 1))), {
      ok: false,
      reason: 'size',
    });
  });
});
