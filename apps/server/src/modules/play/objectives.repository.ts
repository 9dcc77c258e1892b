import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A mission's objectives in their order, as a team's view of them needs them. */
export const listMissionObjectives = (db: Db, missionUuid: string) =>
  db
    .selectFrom('objective')
    .select([
      'uuid',
      'position',
      'title',
      'description',
      'category',
      'difficulty',
      'points',
      'type',
      'choices',
      'expected_answers',
      'penalty',
      'max_attempts',
      'first_blood_bonus',
      'locked',
      'prerequisites',
    ])
    .where('mission_uuid', '=', missionUuid)
    .orderBy('position')
    .execute();

/** A team's attempts and solves, one row per objective it touched. */
export const listTeamObjectiveStates = (db: Db, teamUuid: string) =>
  db
    .selectFrom('team_objective_state')
    .select(['objective_uuid', 'attempts', 'solved_at', 'first_attempt_at'])
    .where('team_uuid', '=', teamUuid)
    .execute();

/** The objectives a player follows in a session. */
export const listFollowedObjectives = (db: Db, sessionUuid: string, accountId: string) =>
  db
    .selectFrom('objective_follow')
    .select('objective_uuid')
    .where('session_uuid', '=', sessionUuid)
    .where('account_id', '=', accountId)
    .execute();

/** The objectives of a session some team already took the first blood of. */
export const listFirstBloodObjectives = (db: Db, sessionUuid: string) =>
  db
    .selectFrom('score_entry')
    .select('objective_uuid')
    .where('session_uuid', '=', sessionUuid)
    .where('kind', '=', 'first_blood')
    .execute();

/** The speedruns launched in a session. */
export const listSessionSpeedruns = (db: Db, sessionUuid: string) =>
  db
    .selectFrom('speedrun')
    .select(['objective_uuid', 'title', 'description', 'launched_at', 'paused_ms_at_launch'])
    .where('session_uuid', '=', sessionUuid)
    .execute();

/** The objectives a trainer unlocked in a session. */
export const listUnlockedObjectives = (db: Db, sessionUuid: string) =>
  db
    .selectFrom('objective_unlock')
    .select('objective_uuid')
    .where('session_uuid', '=', sessionUuid)
    .execute();

/** The files attached to these objectives, in their order. */
export const listFilesOfObjectives = async (db: Db, objectiveUuids: readonly string[]) =>
  objectiveUuids.length === 0
    ? []
    : db
        .selectFrom('objective_file')
        .select(['uuid', 'objective_uuid', 'name', 'content_type', 'size'])
        .where('objective_uuid', 'in', objectiveUuids)
        .orderBy('position')
        .execute();

/** Every solve of a session, oldest first, with the solving team's name. */
export const listSessionSolves = (db: Db, sessionUuid: string) =>
  db
    .selectFrom('team_objective_state as s')
    .innerJoin('gaming_session_team as t', 't.uuid', 's.team_uuid')
    .select(['s.objective_uuid', 's.team_uuid', 't.name', 's.solved_at'])
    .where('s.session_uuid', '=', sessionUuid)
    .where('s.solved_at', 'is not', null)
    .orderBy('s.solved_at')
    .execute();

/** A player follows an objective (following twice changes nothing). */
export const insertObjectiveFollow = (
  db: Db,
  follow: { sessionUuid: string; accountId: string; objectiveUuid: string },
) =>
  db
    .insertInto('objective_follow')
    .values({
      session_uuid: follow.sessionUuid,
      account_id: follow.accountId,
      objective_uuid: follow.objectiveUuid,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();

/** A player stops following an objective. */
export const deleteObjectiveFollow = (
  db: Db,
  follow: { sessionUuid: string; accountId: string; objectiveUuid: string },
) =>
  db
    .deleteFrom('objective_follow')
    .where('session_uuid', '=', follow.sessionUuid)
    .where('account_id', '=', follow.accountId)
    .where('objective_uuid', '=', follow.objectiveUuid)
    .execute();
