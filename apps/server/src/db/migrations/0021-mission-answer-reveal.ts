import { sql, type Kysely } from 'kysely';

/**
 * Whether a mission's players read the accepted answers and explanations on the debrief once
 * no session of it is in play any more. On by default, as before; a trainer who runs the same
 * mission again for a grade turns it off, and the answers then stay with trainers. A debrief
 * also asks whether a session of its mission is still unstopped: the index keeps that read to
 * the mission's own sessions.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table mission
    add column reveal_answers_after_game boolean not null default true`.execute(db);
  await sql`create index gaming_session_mission_unstopped_idx
    on gaming_session (mission_uuid) where stopped_at is null`.execute(db);
};
