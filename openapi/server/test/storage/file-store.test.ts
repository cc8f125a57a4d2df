import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { detectFileType, extensionOf } from '../../src/domain/file-type.js';
import { CHUNK_BYTES } from '../../src/services/uploads.js';
import { createLocalFileStore, writeAllAt, type FileStore } from '../../src/storage/file-store.js';
import { createS3FileStore, MIN_PART_BYTES } from '../../src/storage/s3-file-store.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import { createTestUploadDir } from '../helpers/test-app.js';
import { fileStoreContract } from './file-store-contract.js';

fileStoreContract('local disk', async () => {
  const folder = createTestUploadDir();
  return { store: createLocalFileStore(folder.dir), close: async () => folder.remove() };
});

fileStoreContract('S3 (s3rver)', async () => {
  const s3 = await startTestS3('contract/');
  const store = createS3FileStore(s3.settings);
  return {
    store,
    async close() {
      await store.close?.();
      await s3.close();
    },
  };
});

describe('writeAllAt (the local store writing a piece in parts)', () => {
  it('goes on after short writes from the first byte not written, until every part is on disk', async () => {
    const disk = Buffer.alloc(40);
    const calls: Array<{ parts: number; at: number }> = [];
    // A file handle that takes at most 7 bytes a call, wherever the parts split.
    const handle = {
      async writev(buffers: readonly NodeJS.ArrayBufferView[], position: number) {
        calls.push({ parts: buffers.length, at: position });
        let taken = 0;
        for (const buffer of buffers as Uint8Array[]) {
          const now = buffer.subarray(0, 7 - taken);
          disk.set(now, position + taken);
          taken += now.length;
          if (taken === 7) break;
        }
        return { bytesWritten: taken, buffers };
      },
    } as unknown as Pick<FileHandle, 'writev'>;
    const parts = ['abcde', '', 'fghijklmn', 'o', 'pqrstuvwxyz'].map((text) => Buffer.from(text));
    await writeAllAt(handle, parts, 3);
    assert.equal(disk.subarray(3, 29).toString(), 'abcdefghijklmnopqrstuvwxyz');
    assert.deepEqual(
      calls.map((call) => call.at),
      [3, 10, 17, 24],
    );
    assert.equal(calls[0]!.parts, 4, 'the empty part is never handed over');
  });

  it('fails rather than loops when the disk takes nothing', async () => {
    const handle = {
      writev: async (buffers: readonly NodeJS.ArrayBufferView[]) => ({ bytesWritten: 0, buffers }),
    } as unknown as Pick<FileHandle, 'writev'>;
    await assert.rejects(writeAllAt(handle, [Buffer.from('x')], 0), /no byte of 1 parts could be written at 0/);
  });
});

describe('local file store on disk', () => {
  let folder: { dir: string; remove(): void };
  let store: FileStore;

  before(() => {
    folder = createTestUploadDir();
    store = createLocalFileStore(folder.dir);
  });
  after(() => folder.remove());

  it('keeps partial files under partial/<key> and complete ones under files/<name>; creates folders on first use', async () => {
    assert.deepEqual(readdirSync(folder.dir), []);
    await store.append('k1', 0, Buffer.from('abc'));
    assert.equal(readFileSync(join(folder.dir, 'partial', 'k1'), 'utf8'), 'abc');
    await store.finalize('k1', '1-0-book-0123456789ab.pdf');
    assert.equal(existsSync(join(folder.dir, 'partial', 'k1')), false);
    assert.equal(readFileSync(join(folder.dir, 'files', '1-0-book-0123456789ab.pdf'), 'utf8'), 'abc');
    await store.put('2-0-book-0123456789ab.pdf', Buffer.from('put'));
    assert.deepEqual(readdirSync(join(folder.dir, 'files')).sort(), [
      '1-0-book-0123456789ab.pdf',
      '2-0-book-0123456789ab.pdf',
    ]);
  });
});

/** Every command a client sends, with the size of its body (a middleware on the real client). */
function recordCommands(client: S3Client) {
  const sent: Array<{ command: string; bytes?: number; partNumber?: number }> = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Body?: Uint8Array; PartNumber?: number };
      sent.push({
        command: context.commandName!.replace(/Command$/, ''),
        ...(input.Body instanceof Uint8Array && { bytes: input.Body.length }),
        ...(input.PartNumber !== undefined && { partNumber: input.PartNumber }),
      });
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return {
    sent,
    named: (command: string) => sent.filter((entry) => entry.command === command),
    clear: () => sent.splice(0),
  };
}

describe('S3 file store on s3rver: keys, parts and lost pieces', () => {
  const PREFIX = 'portal/uploads/';
  let s3: TestS3;
  let client: S3Client;
  let store: FileStore;
  let recorder: ReturnType<typeof recordCommands>;

  before(async () => {
    s3 = await startTestS3(PREFIX);
    client = s3.client();
    recorder = recordCommands(client);
    store = createS3FileStore(s3.settings, { client });
  });
  after(async () => {
    client?.destroy();
    await s3?.close();
  });

  it('keeps each piece as partial/<key>/<offset, 15 digits> under the prefix; finalize leaves files/<name> only', async () => {
    await store.append('k1', 0, Buffer.from('abc'));
    await store.append('k1', 3, Buffer.from('def'));
    await store.append('k1', 6, Buffer.from('lost'));
    await store.append('k1', 6, Buffer.from('g'));
    assert.deepEqual(await s3.keys(), [
      `${PREFIX}partial/k1/000000000000000`,
      `${PREFIX}partial/k1/000000000000003`,
      `${PREFIX}partial/k1/000000000000006`,
    ]);
    assert.equal(await store.partialSize('k1'), 7);
    await store.finalize('k1', '1-0-book-0123456789ab.pdf');
    assert.deepEqual(await s3.keys(), [`${PREFIX}files/1-0-book-0123456789ab.pdf`]);
    assert.deepEqual(await store.readAll('1-0-book-0123456789ab.pdf'), Buffer.from('abcdefg'));
    await store.delete('1-0-book-0123456789ab.pdf');
    assert.deepEqual(await s3.keys(), []);
  });

  it('answers false (lost) when a piece before the offset is missing, and will not finalize the rest', async () => {
    for (const [offset, text] of [
      [0, 'abc'],
      [3, 'def'],
      [6, 'ghi'],
    ] as const) {
      await store.append('k-gap', offset, Buffer.from(text));
    }
    // Deleted by hand (or by a lifecycle rule): the upload cannot go on from 9.
    await client.send(
      new DeleteObjectCommand({ Bucket: s3.settings.bucket, Key: `${PREFIX}partial/k-gap/000000000000003` }),
    );
    assert.equal(await store.partialSize('k-gap'), 3, 'only the run from offset 0 counts');
    assert.equal(await store.append('k-gap', 9, Buffer.from('jkl')), false);
    await assert.rejects(store.finalize('k-gap', '2-0-book-0123456789ab.pdf'), /missing pieces/);
    assert.equal(await store.exists('2-0-book-0123456789ab.pdf'), false);
    // Piece 0 again starts it over; remove takes every piece.
    assert.equal(await store.append('k-gap', 0, Buffer.from('new')), true);
    assert.deepEqual(await s3.keys(), [`${PREFIX}partial/k-gap/000000000000000`]);
    await store.remove('k-gap');
    assert.deepEqual(await s3.keys(), []);
  });

  it('finalizes a file under one part with a single PutObject', async () => {
    await store.append('k-small', 0, Buffer.alloc(CHUNK_BYTES, 1));
    await store.append('k-small', CHUNK_BYTES, Buffer.alloc(500, 2));
    recorder.clear();
    await store.finalize('k-small', '3-0-book-0123456789ab.pdf');
    assert.deepEqual(recorder.named('CreateMultipartUpload'), []);
    assert.deepEqual(
      recorder.named('PutObject').map((entry) => entry.bytes),
      [CHUNK_BYTES + 500],
    );
    assert.equal(await store.size('3-0-book-0123456789ab.pdf'), CHUNK_BYTES + 500);
    await store.delete('3-0-book-0123456789ab.pdf');
  });

  it('finalizes a file over 5 MiB with a multipart upload of 5 MiB parts (the last shorter), then deletes the pieces', async () => {
    const size = 6 * CHUNK_BYTES;
    const file = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4) file.writeUInt32BE(i, i);
    for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
      await store.append('k-parts', offset, file.subarray(offset, offset + CHUNK_BYTES));
    }
    recorder.clear();
    await store.finalize('k-parts', '4-0-book-0123456789ab.pdf');
    assert.equal(recorder.named('CreateMultipartUpload').length, 1);
    assert.deepEqual(
      recorder.named('UploadPart').map(({ partNumber, bytes }) => [partNumber, bytes]),
      [
        [1, MIN_PART_BYTES],
        [2, size - MIN_PART_BYTES],
      ],
    );
    assert.equal(recorder.named('CompleteMultipartUpload').length, 1);
    assert.deepEqual(recorder.named('PutObject'), [], 'no whole-file upload');
    assert.deepEqual(await s3.keys(), [`${PREFIX}files/4-0-book-0123456789ab.pdf`]);
    assert.ok((await store.readAll('4-0-book-0123456789ab.pdf'))!.equals(file));
    const range = { start: MIN_PART_BYTES - 3, end: MIN_PART_BYTES + 4 };
    const parts: Buffer[] = [];
    for await (const part of (await store.read('4-0-book-0123456789ab.pdf', range))!) parts.push(part as Buffer);
    assert.deepEqual(Buffer.concat(parts), file.subarray(range.start, range.end + 1));
    await store.delete('4-0-book-0123456789ab.pdf');
  });

  it('treats a missing bucket as an error, never as a missing file', async () => {
    const lost = createS3FileStore({ ...s3.settings, bucket: 'no-such-bucket-here' }, { client });
    await assert.rejects(lost.readAll('1-0-book-0123456789ab.pdf'), { name: 'NoSuchBucket' });
    await assert.rejects(lost.append('k1', 0, Buffer.from('x')), { name: 'NoSuchBucket' });
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
