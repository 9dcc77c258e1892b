import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sessionTimelineColumns } from '../sessions/sessions.repository.js';

/**
 * The SQL of a player's past sessions: where they played (a team at the end), with what the
 * history and the mission results need, each part in one query whatever the number of sessions.
 */
export const createResultsRepository = (db: Kysely<Database>) => ({
  /** Every session the player played, newest first; `unsettled` limits it to those not counted. */
  listPlayed: (accountId: string, options: { unsettled?: boolean } = {}) =>
    db
      .selectFrom('gaming_session_player as p')
      .innerJoin('gaming_session as s', 's.uuid', 'p.session_uuid')
      .innerJoin('gaming_session_team as t', 't.uuid', 'p.team_uuid')
      .innerJoin('mission as m', 'm.uuid', 's.mission_uuid')
      .select([
        's.uuid',
        's.name',
        's.mission_uuid',
        'm.title as mission_title',
        'm.success_rule',
        ...sessionTimelineColumns,
        't.uuid as team_uuid',
        't.name as team_name',
        sql<boolean>`t.logo is not null`.as('team_has_logo'),
      ])
      .where('p.account_id', '=', accountId)
      .$if(options.unsettled === true, (query) => query.where('p.settled_at', 'is', null))
      .orderBy('s.created_at', 'desc')
      .orderBy('s.uuid')
      .execute(),

  /** Every team of these sessions, with what the ranking needs. */
  listTeams: (sessionUuids: readonly string[]) =>
    sessionUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('gaming_session_team as t')
          .select(['t.uuid', 't.session_uuid', 't.score', 't.score_reached_at', 't.eliminated_at'])
          .where('t.session_uuid', 'in', sessionUuids)
          .orderBy('t.created_at')
          .orderBy('t.uuid')
          .execute(),

  /** These teams' objective states: solved or not, and the attempts counted. */
  listStates: (teamUuids: readonly string[]) =>
    teamUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('team_objective_state')
          .select(['team_uuid', 'objective_uuid', 'attempts', 'solved_at'])
          .where('team_uuid', 'in', teamUuids)
          .execute(),

  /** The objectives of these missions (the required ones are the default success rule's). */
  listObjectives: (missionUuids: readonly string[]) =>
    missionUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('objective')
          .select(['uuid', 'mission_uuid', 'required'])
          .where('mission_uuid', 'in', missionUuids)
          .execute(),

  /**
   * The first-blood and speedrun rows of every team of these sessions: a speedrun is won by the
   * first team that solved during it, which only the other teams' rows can tell.
   */
  listBadgeRows: (sessionUuids: readonly string[]) =>
    sessionUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('score_entry as e')
          .innerJoin('gaming_session_team as t', 't.uuid', 'e.team_uuid')
          .select(['e.id', 'e.team_uuid', 'e.objective_uuid', 'e.kind', 'e.created_at'])
          .where('t.session_uuid', 'in', sessionUuids)
          .where('e.kind', 'in', ['first_blood', 'speedrun'])
          .execute(),

  /**
   * Counts ended sessions into the player's best score and result per mission, and marks them
   * (and canceled ones, which count for nothing) settled, in one transaction. Settling twice (two pages read at once) changes nothing: the
   * best score is the greatest, and a success stays a success.
   */
  settle: (
    accountId: string,
    counted: readonly { missionUuid: string; score: number; success: boolean }[],
    sessionUuids: readonly string[],
  ) =>
    db.transaction().execute(async (trx) => {
      const best = new Map<string, { score: number; success: boolean }>();
      for (const row of counted) {
        const current = best.get(row.missionUuid);
        best.set(row.missionUuid, {
          score: Math.max(current?.score ?? Number.NEGATIVE_INFINITY, row.score),
          success: (current?.success ?? false) || row.success,
        });
      }
      if (best.size > 0)
        await trx
          .insertInto('mission_player_result')
          .values(
            [...best].map(([missionUuid, result]) => ({
              mission_uuid: missionUuid,
              account_id: accountId,
              best_score: result.score,
              result: result.success ? ('success' as const) : ('failure' as const),
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['mission_uuid', 'account_id']).doUpdateSet({
              best_score: sql<number>`greatest(mission_player_result.best_score, excluded.best_score)`,
              result: sql<
                'success' | 'failure'
              >`case when mission_player_result.result = 'success' then 'success'
              else excluded.result end`,
              updated_at: sql<Date>`now()`,
            }),
          )
          .execute();
      await trx
        .updateTable('gaming_session_player')
        .set({ settled_at: sql<Date>`now()` })
        .where('account_id', '=', accountId)
        .where('session_uuid', 'in', sessionUuids)
        .execute();
    }),
});

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
