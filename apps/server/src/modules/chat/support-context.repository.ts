import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Wrong answers a context lists at most: the newest are kept, shown oldest first. */
const WRONG_ANSWERS = 100;

/** The SQL behind a support question's context and behind naming an objective in one. */
export const createSupportContextRepository = (db: Kysely<Database>) => ({
  /** The latest message of a thread that names an objective, and that objective. */
  findLatestQuestion: (threadUuid: string) =>
    db
      .selectFrom('chat_message')
      .select(['objective_uuid', 'created_at'])
      .where('thread_uuid', '=', threadUuid)
      .where('objective_uuid', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** One of the session's own objectives (of its mission), with whether a trainer opened it. */
  findSessionObjective: (sessionUuid: string, objectiveUuid: string) =>
    db
      .selectFrom('objective as o')
      .innerJoin('gaming_session as s', 's.mission_uuid', 'o.mission_uuid')
      .select([
        'o.uuid',
        'o.title',
        'o.points',
        'o.locked',
        'o.prerequisites',
        'o.max_attempts',
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('objective_unlock as u')
                .select(sql`1`.as('one'))
                .whereRef('u.session_uuid', '=', 's.uuid')
                .whereRef('u.objective_uuid', '=', 'o.uuid'),
            )
            .as('unlocked'),
      ])
      .where('s.uuid', '=', sessionUuid)
      .where('o.uuid', '=', objectiveUuid)
      .executeTakeFirst(),

  /** The team's state on these objectives (absent: never answered). */
  listTeamStates: (teamUuid: string, objectiveUuids: readonly string[]) =>
    objectiveUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('team_objective_state')
          .select(['objective_uuid', 'attempts', 'solved_at', 'first_attempt_at'])
          .where('team_uuid', '=', teamUuid)
          .where('objective_uuid', 'in', objectiveUuids)
          .execute(),

  /** The team's wrong submissions on the objective, the newest `WRONG_ANSWERS`, oldest first. */
  async listWrongAnswers(sessionUuid: string, teamUuid: string, objectiveUuid: string) {
    const rows = await db
      .selectFrom('submission as s')
      .leftJoin('account as a', 'a.id', 's.account_id')
      .select(['s.id', 'a.pseudo', 's.answer', 's.created_at'])
      .where('s.session_uuid', '=', sessionUuid)
      .where('s.team_uuid', '=', teamUuid)
      .where('s.objective_uuid', '=', objectiveUuid)
      .where('s.correct', '=', false)
      .orderBy('s.id', 'desc')
      .limit(WRONG_ANSWERS)
      .execute();
    return rows.reverse();
  },
});

export type SupportContextRepository = ReturnType<typeof createSupportContextRepository>;
