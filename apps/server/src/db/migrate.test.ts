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

  it('keep the objective key on team states, not on the rows every answer writes', async () => {
    const { rows } = await sql<{ table: string; references: string; onDelete: string }>`
      select conrelid::regclass::text as table, confrelid::regclass::text as references,
        confdeltype as "onDelete"
      from pg_constraint
      where contype = 'f' and conrelid::regclass::text in
        ('team_objective_state', 'team_wrong_answer', 'score_entry', 'event_log',
         'gaming_session_team')
      order by 1, 2`.execute(database.db);
    const keys = (table: string) =>
      rows.filter((row) => row.table === table).map((row) => row.references);
    // The state's key is what keeps an answered objective from being deleted.
    expect(keys('team_objective_state')).toEqual(['account', 'gaming_session_team', 'objective']);
    expect(keys('team_wrong_answer')).toEqual(['gaming_session_team']);
    expect(keys('score_entry')).toEqual(['account', 'gaming_session_team']);
    expect(keys('event_log')).toEqual([]);
    // Without a key to the session, a session's states and ledger go with its teams.
    const cascades = (table: string, references: string) =>
      rows.find((row) => row.table === table && row.references === references)?.onDelete;
    expect(cascades('gaming_session_team', 'gaming_session')).toBe('c');
    expect(cascades('team_objective_state', 'gaming_session_team')).toBe('c');
    expect(cascades('score_entry', 'gaming_session_team')).toBe('c');
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
