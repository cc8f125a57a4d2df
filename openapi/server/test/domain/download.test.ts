import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentDisposition, extensionOfMediaType, mediaTypeOf, parseRange } from '../../src/domain/download.js';

describe('parseRange (RFC 9110 byte ranges)', () => {
  it('reads one closed, open-ended or suffix range, cut at the end of the file', () => {
    assert.deepEqual(parseRange('bytes=0-99', 1000), { kind: 'part', start: 0, end: 99 });
    assert.deepEqual(parseRange('bytes=900-', 1000), { kind: 'part', start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-100', 1000), { kind: 'part', start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-5000', 1000), { kind: 'part', start: 0, end: 999 });
    assert.deepEqual(parseRange('bytes=10-5000', 1000), { kind: 'part', start: 10, end: 999 });
    assert.deepEqual(parseRange('bytes=999-999', 1000), { kind: 'part', start: 999, end: 999 });
    assert.deepEqual(parseRange(' Bytes = 5 - 6 ', 1000), { kind: 'part', start: 5, end: 6 });
  });

  it('cannot satisfy a range starting at or past the end, a zero suffix, or any range of an empty file', () => {
    assert.deepEqual(parseRange('bytes=1000-', 1000), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=1000-1001', 1000), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=-0', 1000), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=0-', 0), { kind: 'unsatisfiable' });
    assert.deepEqual(parseRange('bytes=-1', 0), { kind: 'unsatisfiable' });
  });

  it('answers the whole file for no header, several ranges, another unit or a malformed range', () => {
    for (const header of [
      undefined,
      'bytes=0-1,5-6',
      'items=0-5',
      'bytes=',
      'bytes=abc',
      'bytes=5',
      'bytes=9-3',
      'bytes=-',
      'bytes=1e3-',
      'bytes=0x10-',
      'bytes=-1-2',
      `bytes=0-${'9'.repeat(20)}`,
    ]) {
      assert.deepEqual(parseRange(header, 1000), { kind: 'whole' }, String(header));
    }
  });
});

describe('contentDisposition (RFC 6266)', () => {
  it('names the file twice: an ASCII fallback and the exact UTF-8 name', () => {
    assert.equal(
      contentDisposition('attachment', 'book.pdf'),
      `attachment; filename="book.pdf"; filename*=UTF-8''book.pdf`,
    );
    assert.equal(
      contentDisposition('inline', 'Šimić – Ubuntu.pdf'),
      `inline; filename="_imi_ _ Ubuntu.pdf"; filename*=UTF-8''%C5%A0imi%C4%87%20%E2%80%93%20Ubuntu.pdf`,
    );
  });

  it('keeps quotes, backslashes, control characters and path separators out of the header', () => {
    const header = contentDisposition('attachment', 'a"b\\c/d\r\ne%f\u0000.pdf');
    assert.equal(header, `attachment; filename="a_b_c_d__e_f_.pdf"; filename*=UTF-8''a%22b_c_d__e%25f_.pdf`);
    assert.ok(!['\r', '\n', '\u0000'].some((char) => header.includes(char)));
    assert.equal(contentDisposition('attachment', ' '), `attachment; filename="download"; filename*=UTF-8''download`);
    assert.match(contentDisposition('attachment', "it's (1).pdf"), /filename\*=UTF-8''it%27s%20%281%29\.pdf$/);
  });
});

describe('media types', () => {
  it('types stored files by extension, and anything else as octet-stream', () => {
    assert.equal(mediaTypeOf('a.pdf'), 'application/pdf');
    assert.equal(mediaTypeOf('A.JPG'), 'image/jpeg');
    assert.equal(mediaTypeOf('x.epub'), 'application/epub+zip');
    assert.equal(mediaTypeOf('x.docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    assert.equal(mediaTypeOf('x.indd'), 'application/x-indesign');
    assert.equal(mediaTypeOf('x.mp3'), 'audio/mpeg');
    assert.equal(mediaTypeOf('x.wav'), 'audio/wav');
    assert.equal(mediaTypeOf('x.m4a'), 'audio/mp4');
    assert.equal(mediaTypeOf('x.svg'), 'image/svg+xml');
    assert.equal(mediaTypeOf('x.png'), 'image/png');
    assert.equal(mediaTypeOf('x.html'), 'application/octet-stream');
    assert.equal(mediaTypeOf('noextension'), 'application/octet-stream');
    assert.equal(extensionOfMediaType('image/svg+xml'), 'svg');
    assert.equal(extensionOfMediaType('text/html'), 'bin');
  });
});
