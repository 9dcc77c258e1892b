import { sql, type Kysely } from 'kysely';

/**
 * The event log behind the real-time streams. A stream is a gaming session (`session:<uuid>`)
 * or a user's personal stream (`user:<uuid>`); each has a counter row in `event_stream`.
 * Appending an event increments that row inside the writing transaction, so the row stays
 * locked until the transaction ends: a later sequence of the same stream can never commit
 * before an earlier one, and a rolled-back sequence is reused. Readers therefore see every
 * stream as a gap-free prefix and can page it by `sequence > last seen`.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('event_stream')
    .addColumn('stream', 'text', (c) => c.primaryKey())
    .addColumn('last_sequence', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('event_log')
    .addColumn('stream', 'text', (c) => c.notNull().references('event_stream.stream'))
    .addColumn('sequence', 'bigint', (c) => c.notNull().check(sql`sequence > 0`))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_log_pkey', ['stream', 'sequence'])
    .execute();
};
