import { sql, type Kysely } from 'kysely';

/**
 * Each session's number of launched speedruns, kept on the session's row. An answer batch locks
 * the sessions it answers for and reads their rows as they are now, whatever its snapshot; a
 * launch holds the session's row and increments the count. So a batch knows, with its locks,
 * whether a speedrun may run in a session: where none ever did, and its answers are all correct
 * on open objectives, it needs no second statement to read what other transactions inserted
 * while it waited (an answer is one short transaction). Existing sessions start from
 * their speedruns.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table gaming_session
    add column speedruns_launched integer not null default 0`.execute(db);
  await sql`update gaming_session g set speedruns_launched = (
    select count(*) from speedrun s where s.session_uuid = g.uuid)`.execute(db);
};
