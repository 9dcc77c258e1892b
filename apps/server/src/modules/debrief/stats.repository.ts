import { type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The SQL of a session's debrief that the live views do not already read: the mission with its
 * success rule, its objectives with their answers (read here for the resolutions, which the
 * service leaves out until the session is over), the first bloods and the whole ledger.
 */
export const createStatsRepository = (db: Kysely<Database>) => ({
  findMission: (missionUuid: string) =>
    db
      .selectFrom('mission')
      .select(['uuid', 'title', 'success_rule'])
      .where('uuid', '=', missionUuid)
      .executeTakeFirst(),

  listObjectives: (sessionUuid: string, missionUuid: string) =>
    db
      .selectFrom('objective as o')
      .leftJoin('score_entry as b', (join) =>
        join
          .onRef('b.objective_uuid', '=', 'o.uuid')
          .on('b.session_uuid', '=', sessionUuid)
          .on('b.kind', '=', 'first_blood'),
      )
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
        'b.team_uuid as blood_team',
        'b.created_at as blood_at',
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
          .select(['team_uuid', 'objective_uuid', 'points', 'created_at'])
          .where('team_uuid', 'in', teamUuids)
          .orderBy('team_uuid')
          .orderBy('id')
          .execute(),
});

export type StatsRepository = ReturnType<typeof createStatsRepository>;
