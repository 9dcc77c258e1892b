import { sql, type Kysely } from 'kysely';

/**
 * Display links: the read-only pass of a session's projector view. Only the SHA-256 of the token
 * is stored, so a database read gives no usable link. A link is revoked, never deleted: the
 * cockpit lists who created and who revoked it. Every display request reads its row, so a
 * revocation holds on every node at once. A link has no stored expiry: it lapses a while after
 * its session ends, and that end moves with pauses and a trainer's changes.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('display_link')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .execute();
  await sql`create index display_link_session_idx on display_link (session_uuid)`.execute(db);
};
