import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { removeAbandonedUploads } from '../../src/jobs/upload-cleanup.js';
import {
  CHUNK_BYTES,
  CHUNK_MD5_MESSAGE,
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

    function send(
      ids: Ids,
      file: FileSpec,
      piece: Piece,
      options: { cover?: boolean; who?: User; app?: TestApp['app'] } = {},
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
        headers: { ...bearer((options.who ?? user).accessToken), 'content-type': 'application/octet-stream' },
        payload: piece.bytes,
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
      const done = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      const doneAgain = await send(ids, spec, { index: 2, bytes: pieces[2]! });
      assert.deepEqual(doneAgain.json(), done.json());
      assert.deepEqual(await stored(done.json().finalFilename), file);
      // An earlier piece of a complete file is out of order.
      const older = await send(ids, spec, { index: 1, bytes: pieces[1]! });
      assert.equal(older.statusCode, 409);
      assert.equal(older.json().code, 'CHUNK_ORDER');
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
