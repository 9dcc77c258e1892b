import { sql, type Kysely } from 'kysely';

/**
 * The session keys of the rows a correct answer writes, dropped like those of 0017: each costs a
 * lookup of the session's row per inserted row (a team's first answer to an objective inserts its
 * state, a solve one or two ledger rows), and the guarantee is already there twice over.
 *
 * - Every `team_objective_state` and `score_entry` row keeps its key to its team, which cascades:
 *   deleting a session deletes its teams (their key to the session cascades), and with them
 *   their states and ledger rows.
 * - The rows are only written for a team and a session read together: an answer's team is the
 *   player's in the locked session, a trainer's adjustment updates the team of that session first.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table team_objective_state drop constraint team_objective_state_session_uuid_fkey`.execute(
    db,
  );
  await sql`alter table score_entry drop constraint score_entry_session_uuid_fkey`.execute(db);
};
