import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The SQL of a session's debrief that the live views do not already read: the mission with its
 * success rule, its objectives with their answers (read here for the resolutions, which the
 * service leaves out until the session is over) and the whole ledger, first bloods included.
 */
export const createStatsRepository = (db: Kysely<Database>) => ({
  findMission: (missionUuid: string) =>
    db
      .selectFrom('mission')
      .select(['uuid', 'title', 'success_rule', 'reveal_answers_after_game'])
      .where('uuid', '=', missionUuid)
      .executeTakeFirst(),

  /**
   * The sessions of a mission that may not be over at `now`: not stopped, and not past their
   * end (a session paused or not started yet has no end). The caller derives each one's status:
   * a lobby whose start wait ran out is canceled.
   */
  listUnendedSessionsOfMission: (missionUuid: string, now: Date) =>
    db
      .selectFrom('gaming_session')
      .select([
        'duration_ms',
        'countdown_ms',
        'start_wait_ms',
        'scheduled_start_at',
        'start_requested_at',
        'starts_at',
        'paused_at',
        'paused_ms',
        'stopped_at',
      ])
      .where('mission_uuid', '=', missionUuid)
      .where('stopped_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('starts_at', 'is', null),
          eb('paused_at', 'is not', null),
          eb(sql<Date>`starts_at + (duration_ms + paused_ms) * interval '1 millisecond'`, '>', now),
        ]),
      )
      .execute(),

  listObjectives: (sessionUuid: string, missionUuid: string) =>
    db
      .selectFrom('objective as o')
      .select([
        'o.uuid',
        'o.position',
        'o.title',
        'o.type',
        'o.category',
        'o.difficulty',
        'o.points',
        'o.required',
        'o.choices',
        'o.answer',
        'o.explanation',
      ])
      .where('o.mission_uuid', '=', missionUuid)
      .orderBy('o.position')
      .orderBy('o.uuid')
      .execute(),

  /**
   * Every ledger row of these teams (a session's), each team's in the order they were written:
   * through the ledger's (team, id) index, whatever the size of the whole ledger.
   */
  listLedger: (teamUuids: readonly string[]) =>
    teamUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('score_entry')
          .select(['id', 'team_uuid', 'objective_uuid', 'kind', 'points', 'created_at'])
          .where('team_uuid', 'in', teamUuids)
          .orderBy('team_uuid')
          .orderBy('id')
          .execute(),
});

export type StatsRepository = ReturnType<typeof createStatsRepository>;
