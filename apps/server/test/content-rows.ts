import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

const contentTables = [
  'chapter',
  'mission',
  'objective',
  'objective_file',
  'objective_hint',
  'hint_file',
] as const;

/**
 * Every row of the content tables, without their timestamps, in a stable order: two databases
 * holding the same content give equal values.
 */
export const contentRows = async (db: Kysely<Database>) => {
  const rows: Record<string, unknown[]> = {};
  for (const table of contentTables) {
    const result = await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} order by uuid`.execute(db);
    rows[table] = result.rows.map(({ created_at: _created, updated_at: _updated, ...row }) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
        ]),
      ),
    );
  }
  return rows;
};
