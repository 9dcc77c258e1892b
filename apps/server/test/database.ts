import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { inject } from 'vitest';
import pg from 'pg';
import {
  openPGlite,
  openPostgres,
  type DatabaseHandle,
  type DatabaseKind,
} from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';

/** The database this run of the suite tests against: PGlite, or PostgreSQL when the project says so. */
export const testDatabaseKind = (): DatabaseKind =>
  process.env.RAMPART_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/**
 * The suite's templates of an embedded database (test/global-setup.ts): none on PostgreSQL's
 * pass, nor for a file run outside the suite's setup (its databases are then made from scratch).
 */
const provided = (template: 'pgliteTemplate' | 'pgliteTemplateDirectory'): string | null => {
  try {
    return inject(template);
  } catch {
    return null;
  }
};

/**
 * Puts a migrated embedded database in `directory` (an empty data directory, as PGLITE_DIR names
 * one) and answers the directory: a copy of the suite's template, made in half a second where a
 * node creating it would spend about ten seconds of CPU. For the tests a node's first start on an
 * empty directory is not about.
 */
export const migratedDataDirectory = async (directory: string): Promise<string> => {
  const template = provided('pgliteTemplateDirectory');
  if (template) {
    fs.cpSync(template, directory, { recursive: true });
  } else {
    const handle = await openPGlite(directory);
    await migrateToLatest(handle.db);
    await handle.close();
  }
  return directory;
};

const silentLogger = { warn: () => {} };

export const postgresUrl = (): string => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must be set to run the suite on PostgreSQL');
  return url;
};

export const withDatabaseName = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Runs statements on the PostgreSQL server of DATABASE_URL (database administration). */
const adminQuery = async (...statements: string[]) => {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
};

/**
 * Drops a test's database once the connections its pools let go have closed: a pool's `end`
 * resolves when it has asked its connections to close, not when they have, and a connection
 * the drop terminates meanwhile raises an error nobody listens to any more. After two seconds,
 * the drop ends whatever is left.
 */
const dropDatabase = (name: string) =>
  adminQuery(
    `do $$ begin
      for attempt in 1..40 loop
        exit when not exists (select 1 from pg_stat_activity where datname = '${name}');
        perform pg_sleep(0.05);
      end loop;
    end $$`,
    `drop database if exists ${name} with (force)`,
  );

export interface TestDatabase extends DatabaseHandle {
  /** For PostgreSQL, the URL of this test's own database. */
  readonly url: string | null;
}

/**
 * A fresh, migrated database of the kind under test: an in-memory PGlite, or a new database on
 * the PostgreSQL server of DATABASE_URL, dropped again on close.
 */
export const createTestDatabase = async (
  kind: DatabaseKind = testDatabaseKind(),
): Promise<TestDatabase> => {
  if (kind === 'pglite') {
    const templatePath = provided('pgliteTemplate');
    const handle = templatePath
      ? await openPGlite(null, { template: new Blob([fs.readFileSync(templatePath)]) })
      : await openPGlite(null);
    await migrateToLatest(handle.db);
    return Object.assign(handle, { url: null });
  }
  const name = `rampart_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = withDatabaseName(postgresUrl(), name);
  const handle = openPostgres(url, 10, silentLogger);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await dropDatabase(name);
    },
  };
};

/**
 * Waits until `count` statements of `db`'s database wait for a row lock (PostgreSQL): a race
 * test holds a row, starts what must queue on it, and goes on once it does.
 */
export const untilLockWaits = async (db: Kysely<Database>, count = 1): Promise<void> => {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${count} statements never waited for a lock`);
};
