import { sql, type Kysely } from 'kysely';

/**
 * Foreign keys that only repeat another guarantee, dropped from the rows every answer writes:
 * each one costs a lookup and a row lock per inserted row, and a lock on an objective's row is
 * shared by every team answering it (on PostgreSQL, a multixact per batch).
 *
 * - `team_wrong_answer.objective_uuid` and `score_entry.objective_uuid`: the team's state on that
 *   objective (`team_objective_state`, which keeps its key to `objective`) is written in the same
 *   batch, so an objective with answers or points still cannot be deleted.
 * - `event_log.stream`: an append increments the stream's counter row in the same statement and
 *   transaction before it writes the events, and no stream is ever deleted.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table team_wrong_answer drop constraint team_wrong_answer_objective_uuid_fkey`.execute(
    db,
  );
  await sql`alter table score_entry drop constraint score_entry_objective_uuid_fkey`.execute(db);
  await sql`alter table event_log drop constraint event_log_stream_fkey`.execute(db);
};
