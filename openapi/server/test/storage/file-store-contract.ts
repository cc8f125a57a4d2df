import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Readable } from 'node:stream';
import { CHUNK_BYTES } from '../../src/services/uploads.js';
import { isStorageName, type FileStore } from '../../src/storage/file-store.js';

export interface StoreUnderTest {
  store: FileStore;
  /** Removes whatever the store wrote (folder, bucket) and closes it. */
  close(): Promise<void>;
}

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  assert.ok(stream, 'a stream');
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * What every FileStore promises (the doc comments of file-store.ts), run against each
 * implementation: test/storage/file-store.test.ts opens the local disk and S3 on s3rver.
 */
export function fileStoreContract(label: string, open: () => Promise<StoreUnderTest>): void {
  describe(`FileStore contract: ${label}`, () => {
    let subject: StoreUnderTest;
    let store: FileStore;

    before(async () => {
      subject = await open();
      store = subject.store;
    });
    after(() => subject?.close());

    it('appends at the offset, dropping bytes past it (a piece whose database update never committed)', async () => {
      assert.equal(await store.partialSize('k1'), null);
      assert.equal(await store.append('k1', 0, Buffer.from('abc')), true);
      assert.equal(await store.append('k1', 3, Buffer.from('DEF-lost')), true);
      assert.equal(await store.append('k1', 11, Buffer.from('GHI-lost')), true);
      assert.equal(await store.partialSize('k1'), 19);
      // The database still says 3 bytes: the next piece is written at 3 again.
      assert.equal(await store.append('k1', 3, Buffer.from('def')), true);
      assert.equal(await store.partialSize('k1'), 6);
      assert.deepEqual(await store.readHead('k1', 4), Buffer.from('abcd'));
      assert.deepEqual(await store.readHead('k1', 100), Buffer.from('abcdef'));
      await store.finalize('k1', '1-0-book-0123456789ab.pdf');
      assert.deepEqual(await store.readAll('1-0-book-0123456789ab.pdf'), Buffer.from('abcdef'));
      assert.equal(await store.exists('1-0-book-0123456789ab.pdf'), true);
      assert.equal(await store.size('1-0-book-0123456789ab.pdf'), 6);
      assert.equal(await store.partialSize('k1'), null);
    });

    it('appends a piece given in the parts it arrived in, one after the other', async () => {
      const piece = randomBytes(CHUNK_BYTES);
      // Socket-sized parts, an empty one among them, the last uneven.
      const parts = [piece.subarray(0, 65_536), piece.subarray(65_536, 65_536), piece.subarray(65_536, 700_001)];
      parts.push(piece.subarray(700_001));
      assert.equal(await store.append('k-parts', 0, parts), true);
      assert.equal(await store.append('k-parts', CHUNK_BYTES, [Buffer.from('ta'), Buffer.from('il')]), true);
      assert.equal(await store.partialSize('k-parts'), CHUNK_BYTES + 4);
      // Again at the same offset (a retry after a lost commit): replaced, not doubled.
      assert.equal(await store.append('k-parts', CHUNK_BYTES, [Buffer.from('TA'), Buffer.from('IL')]), true);
      const name = '6-0-book-0123456789cd.pdf';
      await store.finalize('k-parts', name);
      assert.deepEqual(await store.readAll(name), Buffer.concat([piece, Buffer.from('TAIL')]));
      await store.delete(name);
    });

    it('cuts the partial file inside a piece when the offset falls there', async () => {
      await store.append('k-cut', 0, Buffer.from('abcde'));
      assert.equal(await store.append('k-cut', 3, Buffer.from('XY')), true);
      assert.equal(await store.partialSize('k-cut'), 5);
      assert.deepEqual(await store.readHead('k-cut', 10), Buffer.from('abcXY'));
      await store.remove('k-cut');
    });

    it('starts the partial file again at offset 0', async () => {
      await store.append('k-again', 0, Buffer.from('first'));
      await store.append('k-again', 5, Buffer.from('-second'));
      assert.equal(await store.append('k-again', 0, Buffer.from('new')), true);
      assert.equal(await store.partialSize('k-again'), 3);
      assert.deepEqual(await store.readHead('k-again', 10), Buffer.from('new'));
      await store.remove('k-again');
      assert.equal(await store.partialSize('k-again'), null);
    });

    it('refuses to write past the end of a partial file, or to a lost one', async () => {
      await store.append('k2', 0, Buffer.from('abc'));
      assert.equal(await store.append('k2', 10, Buffer.from('x')), false);
      assert.equal(await store.partialSize('k2'), 3, 'nothing written');
      assert.equal(await store.append('missing', 5, Buffer.from('x')), false);
      assert.equal(await store.partialSize('missing'), null);
      await store.remove('k2');
      await store.remove('k2');
      assert.equal(await store.partialSize('k2'), null);
      assert.equal(await store.append('k2', 3, Buffer.from('x')), false, 'removed: lost');
      await assert.rejects(store.finalize('k2', '9-0-book-0123456789ab.pdf'));
      assert.equal(await store.exists('9-0-book-0123456789ab.pdf'), false);
    });

    it('stores, sizes, streams (whole or a range), reads and deletes complete files', async () => {
      const name = '2-0-book-abcdefabcdef.pdf';
      assert.equal(await store.size(name), null);
      assert.equal(await store.exists(name), false);
      assert.equal(await store.read(name), null);
      assert.equal(await store.read(name, { start: 0, end: 1 }), null);
      assert.equal(await store.readAll(name), null);
      await store.put(name, Buffer.from('0123456789'));
      assert.equal(await store.size(name), 10);
      assert.equal(await store.exists(name), true);
      assert.equal((await bytesOf(await store.read(name))).toString(), '0123456789');
      assert.equal((await bytesOf(await store.read(name, { start: 2, end: 4 }))).toString(), '234');
      assert.equal((await bytesOf(await store.read(name, { start: 9, end: 9 }))).toString(), '9');
      assert.deepEqual(await store.readAll(name), Buffer.from('0123456789'));
      await store.put(name, Buffer.from('new'));
      assert.equal(await store.size(name), 3);
      assert.deepEqual(await store.readAll(name), Buffer.from('new'));
      await store.delete(name);
      await store.delete(name);
      assert.equal(await store.exists(name), false);
      assert.equal(await store.readAll(name), null);
    });

    it(`assembles a file over 5 MiB from pieces of ${CHUNK_BYTES.toLocaleString('en-US')} bytes, byte for byte`, async () => {
      // Six pieces: 6,144,000 bytes, past S3's 5 MiB part minimum (two parts there).
      const file = randomBytes(6 * CHUNK_BYTES - 1_234);
      for (let offset = 0; offset < file.length; offset += CHUNK_BYTES) {
        assert.equal(await store.append('k-large', offset, file.subarray(offset, offset + CHUNK_BYTES)), true);
      }
      assert.equal(await store.partialSize('k-large'), file.length);
      assert.deepEqual(await store.readHead('k-large', 16), file.subarray(0, 16));
      const name = '3-4-book-00112233aabb.wav';
      await store.finalize('k-large', name);
      assert.equal(await store.partialSize('k-large'), null);
      assert.equal(await store.size(name), file.length);
      const whole = await store.readAll(name);
      assert.equal(whole!.length, file.length);
      assert.equal(sha256(whole!), sha256(file));
      assert.equal(sha256(await bytesOf(await store.read(name))), sha256(file));
      // A range across the 5 MiB boundary and across a piece boundary.
      const range = { start: 5 * CHUNK_BYTES - 10, end: 5 * 1024 * 1024 + 9 };
      assert.deepEqual(await bytesOf(await store.read(name, range)), file.subarray(range.start, range.end + 1));
      await store.delete(name);
    });

    it('takes only server names: nothing path-like', async () => {
      const piece = Buffer.from('x');
      for (const name of ['../x', 'a/b', '.hidden', '', 'a\\b', 'a..pdf/..', 'x'.repeat(200)]) {
        assert.equal(isStorageName(name), false, name);
        const calls: Array<[string, () => Promise<unknown>]> = [
          ['append', () => store.append(name, 0, piece)],
          ['partialSize', () => store.partialSize(name)],
          ['readHead', () => store.readHead(name, 4)],
          ['finalize from', () => store.finalize(name, '5-0-book-0123456789ab.pdf')],
          ['finalize to', () => store.finalize('k-ok', name)],
          ['remove', () => store.remove(name)],
          ['exists', () => store.exists(name)],
          ['size', () => store.size(name)],
          ['read', () => store.read(name)],
          ['readAll', () => store.readAll(name)],
          ['put', () => store.put(name, piece)],
          ['delete', () => store.delete(name)],
        ];
        for (const [call, run] of calls) {
          await assert.rejects(Promise.resolve().then(run), /not a storage name/, `${call}(${JSON.stringify(name)})`);
        }
      }
      assert.equal(isStorageName('3f0c9a1e-1b2c-4d5e-8f90-123456789abc'), true);
      assert.equal(isStorageName('42-101-cover-3f9c2a81d0b4.pdf'), true);
    });
  });
}
