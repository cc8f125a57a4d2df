import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/plugins/external/db.js';
import { listMigrations, migrate, splitSqlStatements } from '../../src/plugins/external/migrate.js';
import { migrationsDir } from '../../src/paths.js';
import { buildTestApp, createTestDatabase, type TestApp } from '../helpers/test-app.js';

describe('db plugin', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('applied every migration once, in order, and a second run applies nothing', async () => {
    const files = await listMigrations(migrationsDir);
    assert.deepEqual(files.slice(0, 2), ['001_users.sql', '002_app_settings.sql']);
    const recorded = await t.app.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
    assert.deepEqual(
      recorded.map((row) => row.version),
      files,
    );
    assert.deepEqual(await migrate(t.app.db, migrationsDir), []);
  });

  it('enforces case-insensitive unique e-mails', async () => {
    const insert = (email: string) =>
      t.app.db.insertInto('users').values({ email, password_hash: 'x', name_first: 'A', name_last: 'B' }).execute();
    await insert('Case@Example.test');
    await assert.rejects(insert('case@example.TEST'), (err: { code?: string }) => err.code === '23505');
  });
});

describe('test databases', () => {
  it('an empty one takes every migration from scratch; a migrated one has them all already', async () => {
    const files = await listMigrations(migrationsDir);
    for (const [empty, applies] of [
      [true, files],
      [false, []],
    ] as const) {
      const database = await createTestDatabase({ empty });
      const db = await openDatabase(database.options);
      try {
        assert.deepEqual(await migrate(db, migrationsDir), applies);
      } finally {
        await db.destroy();
        await database.drop();
      }
    }
  });

  it('a PGlite snapshot is refused for a database on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pod-snapshot-'));
    try {
      await assert.rejects(
        openDatabase({ dataDir: join(dir, 'db'), snapshot: new Blob([]) }),
        /a database snapshot is for an in-memory PGlite only/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('splitSqlStatements', () => {
  it('splits on semicolons outside comments, strings and dollar quotes', () => {
    const script = [
      '-- a comment; with a semicolon',
      "CREATE TABLE t (a text DEFAULT 'x;y');",
      '/* block; comment */ INSERT INTO t VALUES ($$a;b$$);',
      'SELECT "we;ird" FROM t',
    ].join('\n');
    assert.deepEqual(splitSqlStatements(script), [
      "CREATE TABLE t (a text DEFAULT 'x;y')",
      'INSERT INTO t VALUES ($$a;b$$)',
      'SELECT "we;ird" FROM t',
    ]);
  });
});
