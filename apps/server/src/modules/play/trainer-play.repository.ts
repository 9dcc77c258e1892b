import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

/** Eliminates a team still in play; its name, or undefined when it is not (or no longer) in play. */
export const eliminateTeam = (
  trx: Trx,
  team: { sessionUuid: string; teamUuid: string; reason: string; at: Date },
) =>
  trx
    .updateTable('gaming_session_team')
    .set({ eliminated_at: team.at, elimination_reason: team.reason })
    .where('uuid', '=', team.teamUuid)
    .where('session_uuid', '=', team.sessionUuid)
    .where('eliminated_at', 'is', null)
    .returning('name')
    .executeTakeFirst();

/** A team that solved the objective in the session, if any. */
export const findSolvingTeam = (trx: Trx, sessionUuid: string, objectiveUuid: string) =>
  trx
    .selectFrom('team_objective_state')
    .select('team_uuid')
    .where('session_uuid', '=', sessionUuid)
    .where('objective_uuid', '=', objectiveUuid)
    .where('solved_at', 'is not', null)
    .executeTakeFirst();

/**
 * Stores a launched speedrun and counts it on the session's row. Call it under the session's row
 * lock: a batch of answers that waited for that lock reads the count with its own, and so looks
 * for the speedrun (answer-batch.repository.ts).
 */
export const insertSpeedrun = async (
  trx: Trx,
  speedrun: {
    uuid: string;
    sessionUuid: string;
    objectiveUuid: string;
    title: string;
    description: string;
    launchedAt: Date;
    pausedMsAtLaunch: number;
    launchedBy: string;
  },
) => {
  await trx
    .insertInto('speedrun')
    .values({
      uuid: speedrun.uuid,
      session_uuid: speedrun.sessionUuid,
      objective_uuid: speedrun.objectiveUuid,
      title: speedrun.title,
      description: speedrun.description,
      launched_at: speedrun.launchedAt,
      paused_ms_at_launch: speedrun.pausedMsAtLaunch,
      launched_by: speedrun.launchedBy,
    })
    .execute();
  await trx
    .updateTable('gaming_session')
    .set((eb) => ({ speedruns_launched: eb('speedruns_launched', '+', 1) }))
    .where('uuid', '=', speedrun.sessionUuid)
    .execute();
};

/** A trainer's unlock of an objective in a session; false when it was unlocked already. */
export const insertObjectiveUnlock = async (
  trx: Trx,
  unlock: { sessionUuid: string; objectiveUuid: string; unlockedBy: string },
) => {
  const inserted = await trx
    .insertInto('objective_unlock')
    .values({
      session_uuid: unlock.sessionUuid,
      objective_uuid: unlock.objectiveUuid,
      unlocked_by: unlock.unlockedBy,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
};
