import { sql, type Kysely } from 'kysely';

/** Settings of this deployment shared by every node, such as the secret that signs CSRF tokens. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('instance_setting')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
};
