import { sql, type Kysely } from 'kysely';

/**
 * Console tickets (docs/labs.md): the single-use, 30-second pass a player's browser
 * trades for the console WebSocket. Kept in the database, hashed, because the app runs as N
 * stateless nodes behind any load balancer: the POST that issues a ticket and the WebSocket
 * upgrade that redeems it may reach different nodes. Only the SHA-256 of the ticket is stored,
 * so a database read gives no usable ticket; redeeming deletes the row (single use).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('lab_console_ticket')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('session_uuid', 'uuid', (c) => c.notNull())
    .addColumn('team_uuid', 'uuid', (c) => c.notNull())
    .addColumn('environment_id', 'uuid', (c) =>
      c.notNull().references('lab_environment.id').onDelete('cascade'),
    )
    .addColumn('machine', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index lab_console_ticket_expiry_idx on lab_console_ticket (expires_at)`.execute(
    db,
  );
};
