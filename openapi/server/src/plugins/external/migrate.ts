import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from './db-schema.js';

const MIGRATION_FILE = /^(\d+)_[\w-]+\.sql$/;
/** Arbitrary constant: serialises concurrent starts against one PostgreSQL database. */
const MIGRATION_LOCK_ID = 4_715_2026;

/**
 * Splits a SQL script into statements. PGlite's query path (used by the Kysely dialect) is the
 * extended protocol, which accepts one statement at a time, so scripts are run statement by statement.
 * Understands comments, quoted strings/identifiers and dollar quoting, which is all our migrations use.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < script.length) {
    const ch = script[i]!;
    const next = script[i + 1];
    if (ch === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
      current += '\n';
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? script.length : end + 2;
      current += ' ';
      continue;
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < script.length) {
        if (script[j] === ch && script[j + 1] === ch) j += 2;
        else if (script[j] === ch) break;
        else j += 1;
      }
      current += script.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        const stop = end === -1 ? script.length : end + tag.length;
        current += script.slice(i, stop);
        i = stop;
        continue;
      }
    }
    if (ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i += 1;
      continue;
    }
    current += ch;
    i += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** Lists `NNN_name.sql` files in numeric order. */
export async function listMigrations(dir: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file));
  return files.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * Applies every migration of `dir` not yet recorded in schema_migrations, each in its own
 * transaction together with its bookkeeping row. Returns the files applied by this call.
 */
export async function migrate(db: Kysely<Database>, dir: string): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  const applied: string[] = [];
  for (const file of await listMigrations(dir)) {
    const script = await readFile(join(dir, file), 'utf8');
    const ran = await db.transaction().execute(async (tx) => {
      // Waiting for another instance's migration, or a long migration, must not meet the
      // runtime statement timeout (DB_STATEMENT_TIMEOUT_MS).
      await sql`SET LOCAL statement_timeout = 0`.execute(tx);
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(tx);
      const done = await sql`SELECT 1 FROM schema_migrations WHERE version = ${file}`.execute(tx);
      if (done.rows.length > 0) return false;
      for (const statement of splitSqlStatements(script)) {
        await sql.raw(statement).execute(tx);
      }
      await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(tx);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/**
 * Migration files of `dir` not recorded in schema_migrations (all of them when the table does
 * not exist yet). GET /readyz uses it: an instance whose database lacks a migration is not ready.
 */
export async function pendingMigrations(db: Kysely<Database>, dir: string): Promise<string[]> {
  const files = await listMigrations(dir);
  const table = await sql<{ name: string | null }>`SELECT to_regclass('schema_migrations')::text AS name`.execute(db);
  if (!table.rows[0]?.name) return files;
  const recorded = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db);
  const applied = new Set(recorded.rows.map((row) => row.version));
  return files.filter((file) => !applied.has(file));
}
