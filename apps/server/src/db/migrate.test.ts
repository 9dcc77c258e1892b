import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { migrateToLatest, MigrationError } from './migrate.js';
import { migrations } from './migrations/index.js';

describe(`migrations on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('are numbered, in order, and all applied', async () => {
    const names = Object.keys(migrations);
    names.forEach((name, index) =>
      expect(name).toMatch(new RegExp(`^${String(index + 1).padStart(4, '0')}-[a-z0-9-]+$`)),
    );
    const { rows } = await sql<{
      name: string;
    }>`select name from schema_migration order by name`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual(names);
  });

  it('give objectives an optional explanation, null for the content written before it', async () => {
    const { rows } = await sql<{ data_type: string; is_nullable: string }>`
      select data_type, is_nullable from information_schema.columns
      where table_name = 'objective' and column_name = 'explanation'`.execute(database.db);
    expect(rows).toEqual([{ data_type: 'jsonb', is_nullable: 'YES' }]);
  });

  it('do nothing when run again (every start runs them)', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('apply concurrently once, as when several nodes start together', async () => {
    const results = await Promise.all([migrateToLatest(database.db), migrateToLatest(database.db)]);
    expect(results.flat()).toEqual([]);
  });

  it('refuse a database migrated by a newer release', async () => {
    await sql`insert into schema_migration (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(
      database.db,
    );
    await expect(migrateToLatest(database.db)).rejects.toThrow(MigrationError);
    await sql`delete from schema_migration where name = '9999-from-the-future'`.execute(
      database.db,
    );
  });
});
