import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@pod/shared-contracts/constants';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { removeAbandonedUploads } from '../../src/jobs/upload-cleanup.js';
import {
  CHUNK_BYTES,
  CHUNK_MD5_MESSAGE,
  CHUNK_TOO_LARGE_MESSAGE,
  chunkOrderMessage,
  INVALID_FILE_TYPE_MESSAGE,
} from '../../src/services/uploads.js';
import { UPLOAD_NEEDS_CONTRACT_MESSAGE } from '../../src/services/wizard/contract-books.js';
import type { FileStoreSettings } from '../../src/storage/index.js';
import { quoteBody } from '../helpers/quote-body.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import {
  bearer,
  buildTestApp,
  createClock,
  createTestUploadDir,
  loginToken,
  registerActiveUser,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };
interface Ids {
  local: number | null;
  international: number | null;
}
interface Piece {
  index: number;
  bytes: Buffer;
  md5?: string;
}
interface FileSpec {
  name: string;
  size: number;
  totalChunks: number;
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
/** `file` cut into pieces of `pieceSize` bytes. */
const split = (file: Buffer, pieceSize = CHUNK_BYTES) =>
  Array.from({ length: Math.ceil(file.length / pieceSize) }, (_, i) =>
    file.subarray(i * pieceSize, (i + 1) * pieceSize),
  );
const FINAL_NAME = /^\d+-\d+-(book|cover)-[0-9a-f]{12}\.[a-z0-9]+$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What a store may hold, relative to its root: partial files (S3: their pieces) and final names. */
const STORED_PATH = new RegExp(`^(partial/${UUID}(/\\d{15})?|files/${FINAL_NAME.source.slice(1, -1)})$`);

/** Where the uploads of one run of the suite go, and how to see everything stored there. */
interface Storage {
  kind: FileStoreSettings['kind'];
  /** config.uploads.store for the suite's app, as FILE_STORE and S3_* would set it. */
  settings(): FileStoreSettings;
  /** Every stored path relative to the store's root (local: under UPLOAD_DIR; S3: the whole bucket, prefix checked). */
  paths(app: FastifyInstance): Promise<string[]>;
  before(): Promise<void>;
  after(): Promise<void>;
}

function localStorage(): Storage {
  const walk = (root: string, dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(root, join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
    );
  return {
    kind: 'local',
    settings: () => ({ kind: 'local' }),
    paths: async (app) => walk(app.config.uploads.dir, app.config.uploads.dir),
    before: async () => {},
    after: async () => {},
  };
}

function s3Storage(): Storage {
  const PREFIX = 'portal/uploads/';
  let s3: TestS3 | undefined;
  return {
    kind: 's3',
    settings: () => s3!.settings,
    async paths() {
      const keys = await s3!.keys();
      for (const key of keys) assert.ok(key.startsWith(PREFIX), `${key} is outside the prefix`);
      return keys.map((key) => key.slice(PREFIX.length));
    },
    async before() {
      s3 = await startTestS3(PREFIX);
    },
    async after() {
      await s3?.close();
    },
  };
}

/**
 * Both runs share one database (a PGlite start costs seconds), each with its own app, store,
 * users and clock. The cleanup case counts the unfinished uploads of the whole database: the
 * first run leaves none (its jobs and sweep remove them all).
 */
describe('chunked uploads: POST /session/v2/packet and /session/v2/packet-cover', () => {
  let database: TestApp;
  before(async () => {
    database = await buildTestApp();
  });
  after(() => database?.close());

  uploadSuite('local disk', localStorage(), () => database.app.db);
  uploadSuite('S3 (s3rver)', s3Storage(), () => database.app.db);
});

/** Every case of the two operations, against one store: run for the local disk and for S3. */
function uploadSuite(label: string, storage: Storage, db: () => FastifyInstance['db']) {
  describe(label, () => {
    let t: { app: FastifyInstance };
    let user: User;
    let other: User;
    const clock = createClock();
    const folder = createTestUploadDir();

    before(async () => {
      await storage.before();
      const app = await buildApp({
        specPath,
        db: db(),
        config: {
          jwtSecret: TEST_JWT_SECRET,
          jobs: TEST_JOBS,
          now: clock.now,
          uploads: { dir: folder.dir, abandonHours: 48, store: storage.settings() },
        },
      });
      t = { app };
      user = await registerActiveUser(t.app);
      other = await registerActiveUser(t.app);
    });
    after(async () => {
      await t?.app.close();
      await storage.after();
      folder.remove();
    });

    async function newBook(who: User = user, signed = true): Promise<Ids> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/getquote',
        headers: bearer(who.accessToken),
        payload: quoteBody(),
      });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json<{ localBookId: number | null; internationalBookId: number | null }>();
      const ids = { local: body.localBookId ?? null, international: body.internationalBookId ?? null };
      if (signed) {
        const book = (await t.app.bookRepository.findOwned(who.id, ids.local!, false))!;
        const moved = await t.app.bookRepository.advanceStage(who.id, book.pair_id, 'getquote', {
          misc: { bookStage: 'signedcontract' },
          contract: { signed_at: clock.now().toISOString(), print_name: 'Lerato Mokoena', signed_place: 'Polokwane' },
        });
        assert.equal(moved, 2);
      }
      return ids;
    }

    /**
     * Sends `piece`; `parts` streams its bytes in parts of that size (no Content-Length, as a body
     * read from a socket arrives), `headers` adds request headers.
     */
    function send(
      ids: Ids,
      file: FileSpec,
      piece: Piece,
      options: {
        cover?: boolean;
        who?: User;
        app?: TestApp['app'];
        parts?: number;
        headers?: Record<string, string>;
      } = {},
    ) {
      const query = new URLSearchParams({
        name: file.name,
        size: String(file.size),
        md5_chunk: piece.md5 ?? md5(piece.bytes),
        [options.cover ? 'currentCoverChunkIndex' : 'currentChunkIndex']: String(piece.index),
        totalChunks: String(file.totalChunks),
        ...(ids.local !== null && { local_bookId: String(ids.local) }),
        ...(ids.international !== null && { international_bookId: String(ids.international) }),
      });
      return (options.app ?? t.app).inject({
        method: 'POST',
        url: `/api/v1/session/v2/${options.cover ? 'packet-cover' : 'packet'}?${query}`,
        headers: {
          ...bearer((options.who ?? user).accessToken),
          'content-type': 'application/octet-stream',
          ...(options.parts && { 'transfer-encoding': 'chunked' }),
          ...options.headers,
        },
        payload: options.parts ? Readable.from(split(piece.bytes, options.parts)) : piece.bytes,
      });
    }

    const specOf = (name: string, file: Buffer, pieces: Buffer[]): FileSpec => ({
      name,
      size: file.length,
      totalChunks: pieces.length,
    });
    const stored = (finalFilename: string) => t.app.fileStore.readAll(finalFilename);
    const hasPartial = async (key: string) => (await t.app.fileStore.partialSize(key)) !== null;
    const rowOf = (ids: Ids, name: string) =>
      t.app.db
        .selectFrom('uploads')
        .selectAll()
        .where('local_book_id', '=', ids.local)
        .where('name', '=', name)
        .executeTakeFirst();

    async function uploadAll(ids: Ids, name: string, file: Buffer, pieces: Buffer[], cover = false) {
      const spec = specOf(name, file, pieces);
      let last;
      for (const [index, bytes] of pieces.entries()) {
        last = await send(ids, spec, { index, bytes }, { cover });
        assert.equal(last.statusCode, 200, last.body);
      }
      return last!.json<{ statusCode: number; next_index: number; finalFilename: string | null }>();
    }

    it('takes a multi-piece PDF in order, answers next_index, and finalFilename on the last piece', async () => {
      const ids = await newBook();
      const file = pdf(2 * CHUNK_BYTES + 52_000);
      const pieces = split(file);
      const spec = specOf('My Manuscript.pdf', file, pieces);
      for (const [index, bytes] of pieces.entries()) {
        const response = await send(ids, spec, { index, bytes });
        assert.equal(response.statusCode, 200, response.body);
        const body = response.json();
        assert.equal(body.statusCode, 0);
        assert.equal(body.next_index, index + 1);
        if (index < pieces.length - 1) assert.equal(body.finalFilename, null);
        else {
          assert.match(body.finalFilename, FINAL_NAME);
          assert.ok(body.finalFilename.startsWith(`${ids.local}-${ids.international}-book-`));
          assert.ok(body.finalFilename.endsWith('.pdf'));
          assert.deepEqual(await stored(body.finalFilename), file);
        }
      }
      const row = (await rowOf(ids, 'My Manuscript.pdf'))!;
      assert.equal(row.received_bytes, file.length);
      assert.notEqual(row.completed_at, null);
    });

    it('takes a cover PDF on packet-cover (the example of portal.yaml: one piece)', async () => {
      const ids = await newBook();
      const file = pdf(5_000);
      const result = await uploadAll(ids, 'cover.pdf', file, [file], true);
      assert.equal(result.next_index, 1);
      assert.match(result.finalFilename!, /-cover-[0-9a-f]{12}\.pdf$/);
      assert.deepEqual(await stored(result.finalFilename!), file);
    });

    it('refuses a piece whose MD5 differs with 400 CHUNK_MD5, without advancing', async () => {
      const ids = await newBook();
      const file = pdf(3_000);
      const pieces = split(file, 1_000);
      const spec = specOf('md5.pdf', file, pieces);
      assert.equal((await send(ids, spec, { index: 0, bytes: pieces[0]! })).statusCode, 200);
      const bad = await send(ids, spec, { index: 1, bytes: pieces[1]!, md5: md5(Buffer.from('something else')) });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.equal(bad.json().code, 'CHUNK_MD5');
      assert.equal(bad.json().message, CHUNK_MD5_MESSAGE);
      // Corrupted in transit: right md5 of the real piece, wrong bytes.
      const corrupted = Buffer.from(pieces[1]!);
      corrupted[10] = corrupted[10]! ^ 0xff;
      const flipped = await send(ids, spec, { index: 1, bytes: corrupted, md5: md5(pieces[1]!) });
      assert.equal(flipped.json().code, 'CHUNK_MD5');
      assert.equal((await rowOf(ids, 'md5.pdf'))!.next_index, 1);
      // The right piece is taken where the upload stood.
      const good = await send(ids, spec, { index: 1, bytes: pieces[1]! });
      assert.equal(good.json().next_index, 2);
      const final = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      assert.deepEqual(await stored(final.json().finalFilename), file);
    });

    it('refuses pieces out of order with 409 CHUNK_ORDER naming the expected index', async () => {
      const ids = await newBook();
      const file = pdf(4_000);
      const pieces = split(file, 1_000);
      const spec = specOf('order.pdf', file, pieces);
      const early = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      assert.equal(early.statusCode, 409, early.body);
      assert.equal(early.json().code, 'CHUNK_ORDER');
      assert.equal(early.json().message, chunkOrderMessage(0));
      await send(ids, spec, { index: 0, bytes: pieces[0]! });
      const skipped = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      assert.equal(skipped.statusCode, 409);
      assert.equal(skipped.json().message, 'Out of order: send piece 1 next.');
      assert.equal((await rowOf(ids, 'order.pdf'))!.next_index, 1);
    });

    it('accepts the last accepted piece again idempotently (before and after the file is complete)', async () => {
      const ids = await newBook();
      const file = pdf(2_500);
      const pieces = split(file, 1_000);
      const spec = specOf('repeat.pdf', file, pieces);
      await send(ids, spec, { index: 0, bytes: pieces[0]! });
      const first = await send(ids, spec, { index: 1, bytes: pieces[1]! });
      const again = await send(ids, spec, { index: 1, bytes: pieces[1]! });
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(again.json(), first.json());
      // Nothing appended: neither the row nor the partial file moved.
      const after = (await rowOf(ids, 'repeat.pdf'))!;
      assert.equal(after.received_bytes, 2_000);
      assert.equal(await t.app.fileStore.partialSize(after.storage_key), 2_000);
      const done = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      const doneAgain = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      assert.deepEqual(doneAgain.json(), done.json());
      assert.deepEqual(await stored(done.json().finalFilename), file);
      // An earlier piece of a complete file is out of order.
      const older = await send(ids, spec, { index: 1, bytes: pieces[1]! });
      assert.equal(older.statusCode, 409);
      assert.equal(older.json().code, 'CHUNK_ORDER');
    });

    it('takes no Idempotency-Key: a key sent is ignored, the repeat rule alone answers a piece sent again', async () => {
      const ids = await newBook();
      const file = pdf(2_500);
      const pieces = split(file, 1_000);
      const spec = specOf('keyed.pdf', file, pieces);
      const key = randomBytes(8).toString('hex');
      const keyed = { headers: { [IDEMPOTENCY_KEY_HEADER]: key } };
      assert.equal((await send(ids, spec, { index: 0, bytes: pieces[0]! }, keyed)).statusCode, 200);
      // The same key on the next piece is no "reuse for a different request" (422): it runs.
      const first = await send(ids, spec, { index: 1, bytes: pieces[1]! }, keyed);
      assert.equal(first.statusCode, 200, first.body);
      const again = await send(ids, spec, { index: 1, bytes: pieces[1]! }, keyed);
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(again.json(), first.json());
      assert.equal(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()], undefined, 'not a replay of a kept answer');
      const row = (await rowOf(ids, 'keyed.pdf'))!;
      assert.equal(row.received_bytes, 2_000);
      assert.equal(await t.app.fileStore.partialSize(row.storage_key), 2_000);
      const kept = await sql<{ n: string }>`SELECT count(*) AS n FROM idempotency_keys WHERE key = ${key}`.execute(
        t.app.db,
      );
      assert.equal(Number(kept.rows[0]!.n), 0, 'no key claimed or kept');
      // A malformed key is not looked at either (elsewhere it is a 400 before anything runs).
      const last = await send(
        ids,
        spec,
        { index: 2, bytes: pieces[2]! },
        { headers: { [IDEMPOTENCY_KEY_HEADER]: 'two words' } },
      );
      assert.equal(last.statusCode, 200, last.body);
      assert.deepEqual(await stored(last.json().finalFilename), file);
    });

    it('takes a piece in the parts it arrives in, hashed and stored byte for byte', async () => {
      const ids = await newBook();
      const file = pdf(CHUNK_BYTES + 70_000);
      const pieces = split(file);
      const spec = specOf('streamed.pdf', file, pieces);
      // 64 KiB parts, as a socket hands them over; the second piece in uneven parts.
      const first = await send(ids, spec, { index: 0, bytes: pieces[0]! }, { parts: 65_536 });
      assert.equal(first.statusCode, 200, first.body);
      const second = await send(ids, spec, { index: 1, bytes: pieces[1]! }, { parts: 6_999 });
      assert.equal(second.statusCode, 200, second.body);
      assert.deepEqual(await stored(second.json().finalFilename), file);
      // A part damaged on the way: the MD5 of the parts is the MD5 of the bytes.
      const other = specOf('streamed-bad.pdf', file, pieces);
      const damaged = Buffer.from(pieces[0]!);
      damaged[200_000] = damaged[200_000]! ^ 0xff;
      const bad = await send(ids, other, { index: 0, bytes: damaged, md5: md5(pieces[0]!) }, { parts: 65_536 });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.equal(bad.json().code, 'CHUNK_MD5');
    });

    it('refuses a streamed piece (no Content-Length) as soon as it passes 1,024,000 bytes', async () => {
      const ids = await newBook();
      const big = pdf(CHUNK_BYTES + 1);
      const spec = { name: 'streamed-big.pdf', size: big.length, totalChunks: 2 };
      const response = await send(ids, spec, { index: 0, bytes: big }, { parts: 65_536 });
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json(), {
        statusCode: 400,
        error: 'Bad Request',
        message: CHUNK_TOO_LARGE_MESSAGE,
        code: 'CHUNK_TOO_LARGE',
      });
      assert.equal(await rowOf(ids, 'streamed-big.pdf'), undefined, 'nothing recorded');

      // Over a socket too, with far more sent after the limit: the rest of the request is left
      // unread, never destroyed under the answer, so the 400 reaches the client.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const query = new URLSearchParams({
        name: spec.name,
        size: String(spec.size),
        md5_chunk: md5(big),
        currentChunkIndex: '0',
        totalChunks: '2',
        local_bookId: String(ids.local),
      });
      const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/v1/session/v2/packet?${query}`,
            headers: {
              ...bearer(user.accessToken),
              'content-type': 'application/octet-stream',
              'transfer-encoding': 'chunked',
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode, text }));
          },
        );
        request.on('error', reject);
        const parts = split(Buffer.concat([big, randomBytes(400_000)]), 65_536);
        let next = 0;
        const write = (): void => {
          while (next < parts.length) {
            if (!request.write(parts[next++])) {
              request.once('drain', write);
              return;
            }
          }
          request.end();
        };
        write();
      });
      assert.equal(answer.status, 400, answer.text);
      assert.equal(JSON.parse(answer.text).code, 'CHUNK_TOO_LARGE');
    });

    it('answers where to resume for piece 0 of the same file, and restarts on a different piece 0', async () => {
      const ids = await newBook();
      const file = pdf(3_000);
      const pieces = split(file, 1_000);
      const spec = specOf('restart.pdf', file, pieces);
      await send(ids, spec, { index: 0, bytes: pieces[0]! });
      await send(ids, spec, { index: 1, bytes: pieces[1]! });
      const resume = await send(ids, spec, { index: 0, bytes: pieces[0]! });
      assert.equal(resume.statusCode, 409);
      assert.equal(resume.json().message, chunkOrderMessage(2));

      // Same name and size, other content: a new file, the upload starts over.
      const other = pdf(3_000);
      const otherPieces = split(other, 1_000);
      const restarted = await send(ids, spec, { index: 0, bytes: otherPieces[0]! });
      assert.equal(restarted.statusCode, 200, restarted.body);
      assert.equal(restarted.json().next_index, 1);
      await send(ids, spec, { index: 1, bytes: otherPieces[1]! });
      const done = await send(ids, spec, { index: 2, bytes: otherPieces[2]! });
      assert.deepEqual(await stored(done.json().finalFilename), other);
    });

    it('refuses a piece over 1,024,000 bytes, pieces past the size and a total that is short', async () => {
      const ids = await newBook();
      const big = pdf(CHUNK_BYTES + 1);
      const tooLarge = await send(ids, { name: 'big.pdf', size: big.length, totalChunks: 2 }, { index: 0, bytes: big });
      assert.equal(tooLarge.statusCode, 400, tooLarge.body);
      assert.equal(tooLarge.json().code, 'CHUNK_TOO_LARGE');
      const huge = pdf(1_200_000);
      assert.equal(
        (await send(ids, { name: 'h.pdf', size: huge.length, totalChunks: 2 }, { index: 0, bytes: huge })).statusCode,
        400,
      );

      const file = pdf(2_000);
      // size says 1,500: the first of two pieces may not already reach it.
      const over = await send(
        ids,
        { name: 'over.pdf', size: 1_500, totalChunks: 2 },
        { index: 0, bytes: file.subarray(0, 1_500) },
      );
      assert.equal(over.statusCode, 400);
      assert.equal(over.json().code, 'CHUNK_SIZE');
      const spec = { name: 'short.pdf', size: 2_000, totalChunks: 2 };
      assert.equal((await send(ids, spec, { index: 0, bytes: file.subarray(0, 1_000) })).statusCode, 200);
      const short = await send(ids, spec, { index: 1, bytes: file.subarray(1_000, 1_900) });
      assert.equal(short.statusCode, 400);
      assert.equal(short.json().code, 'CHUNK_SIZE');
      const long = await send(ids, spec, { index: 1, bytes: Buffer.concat([file.subarray(1_000), Buffer.from('x')]) });
      assert.equal(long.statusCode, 400);
      assert.equal((await rowOf(ids, 'short.pdf'))!.next_index, 1);
      // totalChunks that cannot fit size.
      const count = await send(
        ids,
        { name: 'n.pdf', size: 3 * CHUNK_BYTES, totalChunks: 2 },
        { index: 0, bytes: file },
      );
      assert.equal(count.json().code, 'CHUNK_SIZE');
    });

    it('checks the file type by its first bytes; the name only has to agree', async () => {
      const ids = await newBook();
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(500)]);
      const epub = Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04]),
        Buffer.alloc(26),
        Buffer.from('mimetypeapplication/epub+zip'),
        randomBytes(200),
      ]);
      const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(300)]);
      const refused: Array<[string, Buffer, boolean]> = [
        ['book.pdf', jpeg, false], // JPEG bytes named .pdf
        ['book.pdf', Buffer.from('hello, not a pdf at all'), false],
        ['book.exe', pdf(300), false], // a PDF under a name of no allowed type
        ['cover.pdf', jpeg, true], // the cover endpoint takes PDFs only
        ['cover.jpg', jpeg, true],
        ['book.epub', docx, false], // a zip without the EPUB mimetype entry
      ];
      for (const [name, bytes, cover] of refused) {
        const response = await send(ids, { name, size: bytes.length, totalChunks: 1 }, { index: 0, bytes }, { cover });
        assert.equal(response.statusCode, 400, `${name}: ${response.body}`);
        assert.equal(response.json().code, 'FILE_TYPE');
        assert.equal(response.json().message, INVALID_FILE_TYPE_MESSAGE);
      }
      const accepted: Array<[string, Buffer, string]> = [
        ['thumb.JPEG', jpeg, 'jpg'],
        ['novel.epub', epub, 'epub'],
        ['novel.docx', docx, 'docx'],
        ['novel.PDF', pdf(400), 'pdf'],
      ];
      for (const [name, bytes, extension] of accepted) {
        const result = await uploadAll(ids, name, bytes, [bytes]);
        assert.ok(result.finalFilename!.endsWith(`.${extension}`), `${name}: ${result.finalFilename}`);
      }
    });

    it('names the stored file itself: a path in the name goes nowhere', async () => {
      const ids = await newBook();
      const file = pdf(1_000);
      for (const name of ['../../../../etc/passwd.pdf', '..\\..\\windows\\evil.pdf', '/tmp/abs.pdf']) {
        const result = await uploadAll(ids, name, file, [file]);
        assert.match(result.finalFilename!, FINAL_NAME);
        assert.ok(!result.finalFilename!.includes('passwd') && !result.finalFilename!.includes('evil'));
        assert.deepEqual(await stored(result.finalFilename!), file);
      }
      const paths = await storage.paths(t.app);
      assert.ok(paths.length > 0);
      for (const path of paths) assert.match(path, STORED_PATH);
      const uploadDir = t.app.config.uploads.dir;
      assert.equal(existsSync(join(uploadDir, '..', '..', 'etc', 'passwd.pdf')), false);
      // S3 writes nothing to the local disk.
      assert.deepEqual(readdirSync(uploadDir).sort(), storage.kind === 'local' ? ['files', 'partial'] : []);
    });

    it("answers 404 for another user's book and 409 before the contract is signed", async () => {
      const theirs = await newBook(other);
      const file = pdf(500);
      const spec = { name: 'x.pdf', size: file.length, totalChunks: 1 };
      for (const ids of [
        theirs,
        { local: theirs.local, international: null },
        { local: null, international: theirs.international },
      ]) {
        assert.equal((await send(ids, spec, { index: 0, bytes: file })).statusCode, 404);
        assert.equal((await send(ids, spec, { index: 0, bytes: file }, { cover: true })).statusCode, 404);
      }
      // Mixing one own id with another user's: still 404.
      const mine = await newBook();
      assert.equal(
        (await send({ local: mine.local, international: theirs.international }, spec, { index: 0, bytes: file }))
          .statusCode,
        404,
      );
      assert.equal((await send({ local: null, international: null }, spec, { index: 0, bytes: file })).statusCode, 400);

      const unsigned = await newBook(user, false);
      const early = await send(unsigned, spec, { index: 0, bytes: file });
      assert.equal(early.statusCode, 409);
      assert.equal(early.json().message, UPLOAD_NEEDS_CONTRACT_MESSAGE);
    });

    it('resumes from next_index on a second server on the same database and store', async () => {
      const ids = await newBook();
      const file = pdf(5_000);
      const pieces = split(file, 1_000);
      const spec = specOf('restart-server.pdf', file, pieces);
      await send(ids, spec, { index: 0, bytes: pieces[0]! });
      await send(ids, spec, { index: 1, bytes: pieces[1]! });

      const second = await buildApp({
        specPath,
        db: t.app.db,
        config: { jwtSecret: TEST_JWT_SECRET, jobs: TEST_JOBS, now: clock.now, uploads: t.app.config.uploads },
      });
      try {
        // The client does not know where it stood: piece 0 answers where to go on.
        const where = await send(ids, spec, { index: 0, bytes: pieces[0]! }, { app: second });
        assert.equal(where.statusCode, 409);
        assert.equal(where.json().message, chunkOrderMessage(2));
        let result;
        for (let index = 2; index < pieces.length; index += 1) {
          result = await send(ids, spec, { index, bytes: pieces[index]! }, { app: second });
          assert.equal(result.statusCode, 200, result.body);
        }
        assert.deepEqual(await stored(result!.json().finalFilename), file);
      } finally {
        await second.close();
      }
    });

    it('lets only one of two simultaneous requests for the same piece append', async () => {
      const ids = await newBook();
      const file = pdf(3_000);
      const pieces = split(file, 1_000);
      const spec = specOf('race.pdf', file, pieces);
      await send(ids, spec, { index: 0, bytes: pieces[0]! });
      const answers = await Promise.all([1, 2, 3].map(() => send(ids, spec, { index: 1, bytes: pieces[1]! })));
      for (const answer of answers) {
        assert.equal(answer.statusCode, 200, answer.body);
        assert.equal(answer.json().next_index, 2);
      }
      const row = (await rowOf(ids, 'race.pdf'))!;
      assert.equal(row.received_bytes, 2_000);
      const done = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      assert.deepEqual(await stored(done.json().finalFilename), file);
    });

    it('removes partial uploads untouched for UPLOAD_ABANDON_HOURS, by the sweep and by the job', async () => {
      const ids = await newBook();
      const file = pdf(3_000);
      const pieces = split(file, 1_000);
      const abandoned = specOf('abandoned.pdf', file, pieces);
      const active = specOf('active.pdf', file, pieces);
      await send(ids, abandoned, { index: 0, bytes: pieces[0]! });
      await send(ids, active, { index: 0, bytes: pieces[0]! });
      const done = await uploadAll(ids, 'complete.pdf', file, pieces);
      const abandonedKey = (await rowOf(ids, 'abandoned.pdf'))!.storage_key;
      assert.ok(await hasPartial(abandonedKey));

      clock.advance(47 * 3600);
      // The access token of the morning has long expired.
      user.accessToken = await loginToken(t.app, user.email, user.password);
      const touched = await send(ids, active, { index: 1, bytes: pieces[1]! });
      assert.equal(touched.statusCode, 200, touched.body);
      const deps = { app: t.app, store: t.app.fileStore, config: t.app.config };
      assert.equal(await removeAbandonedUploads(deps), 0, 'nothing is 48 hours old yet');

      clock.advance(2 * 3600);
      // The jobs armed by the three uploads fall due: the abandoned one goes, the active one waits.
      await t.app.jobs.runDue();
      assert.equal(await rowOf(ids, 'abandoned.pdf'), undefined);
      assert.equal(await hasPartial(abandonedKey), false);
      assert.ok(await rowOf(ids, 'active.pdf'));
      assert.deepEqual(await stored(done.finalFilename!), file);

      // Later the active one is abandoned too: its re-armed job or the sweep removes it.
      clock.advance(48 * 3600);
      const activeKey = (await rowOf(ids, 'active.pdf'))!.storage_key;
      assert.equal(await removeAbandonedUploads(deps), 1);
      user.accessToken = await loginToken(t.app, user.email, user.password);
      assert.equal(await rowOf(ids, 'active.pdf'), undefined);
      assert.equal(await hasPartial(activeKey), false);
      assert.ok(await rowOf(ids, 'complete.pdf'));
      // A piece of a removed upload: it starts again from 0.
      const late = await send(ids, abandoned, { index: 1, bytes: pieces[1]! });
      assert.equal(late.json().message, chunkOrderMessage(0));
    });
  });
}
