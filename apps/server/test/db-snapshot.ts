import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

/** Every row of every application table, to prove that a refused request changed nothing. */
export const snapshotDatabase = async (db: Kysely<Database>) => {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not like 'schema_migration%'
    order by table_name`.execute(db);
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(
      db,
    );
    snapshot[table_name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
};
