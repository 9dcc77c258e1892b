import { type Kysely } from 'kysely';

/**
 * Who has a gaming session open right now (My Team's presence). One row per session, player and
 * node holding at least one of that player's event streams: a node writes its own rows only, so a
 * player who closes the tab on one node while another tab stays open on another node remains
 * online, and goes offline at once when the last one closes.
 *
 * A node renews its rows' `expires_at` on a timer while the streams stay open. A node that dies
 * stops renewing: its rows expire and whichever node sweeps them first says so. Readers compare
 * `expires_at` with the database's clock and need not know the renewal period.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('gaming_session_presence')
    .addColumn('session_uuid', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('gaming_session_presence_pkey', [
      'session_uuid',
      'account_id',
      'node_id',
    ])
    // Only a player of the session is present in it; leaving the session removes the rows.
    .addForeignKeyConstraint(
      'gaming_session_presence_player_fkey',
      ['session_uuid', 'account_id'],
      'gaming_session_player',
      ['session_uuid', 'account_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('gaming_session_presence_expires_idx')
    .on('gaming_session_presence')
    .column('expires_at')
    .execute();
};
