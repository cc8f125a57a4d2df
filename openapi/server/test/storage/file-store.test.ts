import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { detectFileType, extensionOf } from '../../src/domain/file-type.js';
import { createLocalFileStore, isStorageName, type FileStore } from '../../src/storage/file-store.js';
import { createTestUploadDir } from '../helpers/test-app.js';

describe('local file store', () => {
  let folder: { dir: string; remove(): void };
  let store: FileStore;

  before(() => {
    folder = createTestUploadDir();
    store = createLocalFileStore(folder.dir);
  });
  after(() => folder.remove());

  it('appends at the offset, dropping bytes past it (a piece whose database update never committed)', async () => {
    assert.equal(await store.append('k1', 0, Buffer.from('abc')), true);
    assert.equal(await store.append('k1', 3, Buffer.from('DEF-lost')), true);
    // The database still says 3 bytes: the next piece is written at 3 again.
    assert.equal(await store.append('k1', 3, Buffer.from('def')), true);
    assert.equal(await store.partialSize('k1'), 6);
    assert.deepEqual(await store.readHead('k1', 4), Buffer.from('abcd'));
    await store.finalize('k1', '1-0-book-0123456789ab.pdf');
    assert.equal(readFileSync(join(folder.dir, 'files', '1-0-book-0123456789ab.pdf'), 'utf8'), 'abcdef');
    assert.equal(await store.exists('1-0-book-0123456789ab.pdf'), true);
    assert.equal(await store.partialSize('k1'), null);
  });

  it('refuses to write past the end of a partial file, or to a lost one', async () => {
    await store.append('k2', 0, Buffer.from('abc'));
    assert.equal(await store.append('k2', 10, Buffer.from('x')), false);
    assert.equal(await store.append('missing', 5, Buffer.from('x')), false);
    await store.remove('k2');
    await store.remove('k2');
    assert.equal(await store.partialSize('k2'), null);
  });

  it('stores, sizes, streams (whole or a range), reads and deletes complete files', async () => {
    const name = '2-0-book-abcdefabcdef.pdf';
    assert.equal(await store.size(name), null);
    assert.equal(await store.read(name), null);
    assert.equal(await store.readAll(name), null);
    await store.put(name, Buffer.from('0123456789'));
    assert.equal(await store.size(name), 10);
    assert.equal(await store.exists(name), true);
    const text = async (stream: NodeJS.ReadableStream | null) => {
      assert.ok(stream);
      let out = '';
      for await (const part of stream) out += part.toString();
      return out;
    };
    assert.equal(await text(await store.read(name)), '0123456789');
    assert.equal(await text(await store.read(name, { start: 2, end: 4 })), '234');
    assert.deepEqual(await store.readAll(name), Buffer.from('0123456789'));
    await store.put(name, Buffer.from('new'));
    assert.equal(await store.size(name), 3);
    await store.delete(name);
    await store.delete(name);
    assert.equal(await store.exists(name), false);
  });

  it('takes only server names: nothing path-like', async () => {
    for (const name of ['../x', 'a/b', '.hidden', '', 'a\\b', 'a..pdf/..', 'x'.repeat(200)]) {
      assert.equal(isStorageName(name), false, name);
      await assert.rejects(store.append(name, 0, Buffer.from('x')), /not a storage name/);
    }
    assert.equal(isStorageName('3f0c9a1e-1b2c-4d5e-8f90-123456789abc'), true);
    assert.equal(isStorageName('42-101-cover-3f9c2a81d0b4.pdf'), true);
  });
});

describe('file types by their first bytes', () => {
  const pdf = Buffer.from('%PDF-1.4\n');
  it('needs the bytes and an agreeing extension', () => {
    assert.equal(detectFileType('book', 'a.pdf', pdf)?.extension, 'pdf');
    assert.equal(detectFileType('cover', 'a.PDF', pdf)?.extension, 'pdf');
    assert.equal(detectFileType('book', 'a.docx', pdf), null);
    assert.equal(detectFileType('book', 'a', pdf), null);
    assert.equal(detectFileType('book', 'a.pdf', Buffer.from('%PD')), null);
    assert.equal(detectFileType('book', 'a.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xdb]))?.extension, 'jpg');
    assert.equal(detectFileType('cover', 'a.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xdb])), null);
    assert.equal(detectFileType('book', 'a.mp3', Buffer.from('ID3\u0004'))?.extension, 'mp3');
    assert.equal(detectFileType('book', 'a.wav', Buffer.from('RIFF\0\0\0\0WAVEfmt '))?.extension, 'wav');
    const indd = Buffer.from([
      0x06, 0x06, 0xed, 0xf5, 0xd8, 0x1d, 0x46, 0xe5, 0xbd, 0x31, 0xef, 0xe7, 0xfe, 0x74, 0xb7, 0x1d,
    ]);
    assert.equal(detectFileType('book', 'layout.indd', indd)?.extension, 'indd');
  });

  it('reads the extension of a name, not of a path in it', () => {
    assert.equal(extensionOf('My Book.final.PDF'), 'pdf');
    assert.equal(extensionOf('noextension'), '');
    assert.equal(extensionOf('a.pdf/..'), '');
  });
});
