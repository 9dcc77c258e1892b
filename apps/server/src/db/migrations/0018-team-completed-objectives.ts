import { sql, type Kysely } from 'kysely';

/**
 * Each team's number of solved objectives, kept on the team's row (completing an
 * objective increments `completed_objectives`). An answer batch holds the rows of the teams it
 * changes, and a locked row is read as it is now, whatever the statement's snapshot: the batch
 * reads a team's score and progress with its lock instead of counting the team's solved states
 * in a later statement. Existing teams start from their solved states.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table gaming_session_team
    add column completed_objectives integer not null default 0`.execute(db);
  await sql`update gaming_session_team t set completed_objectives = (
    select count(*) from team_objective_state s
    where s.team_uuid = t.uuid and s.solved_at is not null)`.execute(db);
};
