import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listMigrations, migrate, splitSqlStatements } from '../../src/plugins/external/migrate.js';
import { migrationsDir } from '../../src/paths.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

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
