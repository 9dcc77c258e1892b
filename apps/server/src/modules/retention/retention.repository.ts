import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * The key of the advisory lock a node holds while it prunes: any constant of our own, the same
 * on every node (a number no other part of Rampart takes).
 */
export const RETENTION_LOCK_KEY = 7_263_310_033;

/**
 * When a session was over, in SQL, or null while it may still be played: its stop (the end of a
 * stopped or canceled game, or later), the end of its play (start, duration and finished
 * pauses; never while paused), or the end of a start's wait for players that never came.
 */
const overAt = sql<Date | null>`case
  when s.stopped_at is not null then s.stopped_at
  when s.starts_at is null
    then coalesce(s.start_requested_at, s.scheduled_start_at) + s.start_wait_ms * interval '1 millisecond'
  when s.paused_at is null
    then s.starts_at + (s.duration_ms + s.paused_ms) * interval '1 millisecond'
end`;

/** The SQL of the retention jobs: what is pruned, and nothing else. */
export const createRetentionRepository = (db: Kysely<Database>, kind: DatabaseKind) => ({
  /**
   * Runs `work` while this node holds the retention lock, or answers null at once when another
   * node holds it. On PostgreSQL, a session-level advisory lock on a connection taken for the
   * whole run (and freed with it, should the node die). The embedded database serves one process
   * and one connection, which a held lock would take from every request: its work runs as is.
   */
  exclusive: async <T>(work: (executor: Kysely<Database>) => Promise<T>): Promise<T | null> => {
    if (kind === 'pglite') return work(db);
    return db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${RETENTION_LOCK_KEY}) as locked`.execute(connection);
      if (!rows[0]?.locked) return null;
      try {
        return await work(connection);
      } finally {
        await sql`select pg_advisory_unlock(${RETENTION_LOCK_KEY})`.execute(connection);
      }
    });
  },

  /** Sessions over before `cutoff` whose event log still holds events (a page of them). */
  listSessionsToPrune: (executor: Kysely<Database>, cutoff: Date, limit: number) =>
    sql<{ uuid: string }>`
      select s.uuid from gaming_session s
      where ${overAt} < ${cutoff}
        and exists (select 1 from event_log l where l.stream = 'session:' || s.uuid)
      order by s.uuid
      limit ${limit}`
      .execute(executor)
      .then(({ rows }) => rows.map((row) => row.uuid)),

  /**
   * Deletes a session's events, and only them: its stream's counter stays, so a client that
   * comes back with an old `Last-Event-ID` is never taken for one ahead of the stream. Deleting
   * rows already gone deletes nothing: two nodes doing it at once count each row once.
   */
  deleteSessionEvents: (executor: Kysely<Database>, sessionUuid: string) =>
    executor
      .deleteFrom('event_log')
      .where('stream', '=', `session:${sessionUuid}`)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows)),

  /** Console tickets past their expiry (never redeemed: redeeming deletes them). */
  deleteExpiredConsoleTickets: (executor: Kysely<Database>, now: Date) =>
    executor
      .deleteFrom('lab_console_ticket')
      .where('expires_at', '<=', now)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows)),

  /** Single-use login links expired before `before`, used or not (their issue is audited). */
  deleteExpiredMagicLinks: (executor: Kysely<Database>, before: Date) =>
    executor
      .deleteFrom('magic_link')
      .where('expires_at', '<', before)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows)),

  databaseBytes: () =>
    sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`
      .execute(db)
      .then(({ rows }) => Number(rows[0]!.bytes)),

  /** Marks the space of deleted rows for reuse and refreshes the planner's statistics. */
  vacuum: () => sql`vacuum (analyze)`.execute(db),

  /** Writes every changed page to the data files and flushes them: the log before it is done. */
  checkpoint: () => sql`checkpoint`.execute(db),
});

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
