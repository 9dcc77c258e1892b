import type { Kysely } from 'kysely';

/**
 * Mission results. A session ends by its clock, with no event to hang work on, so a
 * player's results are settled the first time something reads them after the end (their profile,
 * a chapter page, the stats): `settled_at` marks the sessions already counted into
 * `mission_player_result` (best score and result per player and mission, 0004-content).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('gaming_session_player')
    .addColumn('settled_at', 'timestamptz')
    .execute();
};
