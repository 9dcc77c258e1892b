import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The SQL of the trainer's cockpit: one query per part of the read model (objectives, grid; the
 * teams are the ranking's rows), whatever the number of teams and objectives; the submissions
 * feed.
 */
export const createCockpitRepository = (db: Kysely<Database>) => ({
  /**
   * The mission's objectives with what a trainer acts on: unlocked by a trainer, the first
   * blood, the speedrun and whether a team solved it since. Never the answer.
   */
  listObjectives: (sessionUuid: string, missionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('objective as o')
      .leftJoin('objective_unlock as u', (join) =>
        join.onRef('u.objective_uuid', '=', 'o.uuid').on('u.session_uuid', '=', sessionUuid),
      )
      .leftJoin('score_entry as b', (join) =>
        join
          .onRef('b.objective_uuid', '=', 'o.uuid')
          .on('b.session_uuid', '=', sessionUuid)
          .on('b.kind', '=', 'first_blood'),
      )
      .leftJoin('speedrun as x', (join) =>
        join.onRef('x.objective_uuid', '=', 'o.uuid').on('x.session_uuid', '=', sessionUuid),
      )
      .select([
        'o.uuid',
        'o.position',
        'o.title',
        'o.type',
        'o.points',
        'o.locked',
        sql<boolean>`u.objective_uuid is not null`.as('unlocked'),
        'b.team_uuid as blood_team',
        'b.created_at as blood_at',
        'x.title as speedrun_title',
        'x.launched_at as speedrun_at',
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('team_objective_state as s')
                .select(sql.lit(1).as('one'))
                .where('s.session_uuid', '=', sessionUuid)
                .whereRef('s.objective_uuid', '=', 'o.uuid')
                .where('s.solved_at', 'is not', null),
            )
            .$castTo<boolean>()
            .as('solved_by_any'),
      ])
      .where('o.mission_uuid', '=', missionUuid)
      .orderBy('o.position')
      .orderBy('o.uuid')
      .execute(),

  /**
   * The grid: every team state of the session, with its solver and its wrong submissions. Two
   * index reads merged here rather than a join of the states with the submissions' aggregate: a
   * plan made while the session's tables were small (a row estimate of 1) joins them by a nested
   * loop over the aggregate, 2,000 states × 1,000 groups at 50 teams × 40 objectives (seen on
   * PostgreSQL: 900 ms for what the two reads do in a few).
   */
  listCells: async (sessionUuid: string, executor: Db = db) => {
    const states = await executor
      .selectFrom('team_objective_state as s')
      .leftJoin('account as a', 'a.id', 's.solved_by')
      .select([
        's.team_uuid',
        's.objective_uuid',
        's.attempts',
        's.solved_at',
        'a.pseudo as solver',
      ])
      .where('s.session_uuid', '=', sessionUuid)
      .execute();
    const wrongs = await executor
      .selectFrom('submission')
      .select(['team_uuid', 'objective_uuid', (e) => e.fn.countAll<string>().as('wrong')])
      .where('session_uuid', '=', sessionUuid)
      .where('correct', '=', false)
      .groupBy(['team_uuid', 'objective_uuid'])
      .execute();
    const wrong = new Map(
      wrongs.map((row) => [`${row.team_uuid}:${row.objective_uuid}`, Number(row.wrong)]),
    );
    return states.map((state) => ({
      ...state,
      wrong: wrong.get(`${state.team_uuid}:${state.objective_uuid}`) ?? null,
    }));
  },

  /**
   * The session's submissions: newest first, before the `before` id if given; or oldest first
   * after the `after` id (what the cockpit fetches when told that new ones were recorded).
   */
  listSubmissions: (
    sessionUuid: string,
    page: { before?: number | undefined; after?: number | undefined; limit: number },
    executor: Db = db,
  ) =>
    executor
      .selectFrom('submission as s')
      .leftJoin('account as a', 'a.id', 's.account_id')
      .select([
        's.id',
        's.team_uuid',
        's.objective_uuid',
        'a.pseudo',
        's.answer',
        's.correct',
        's.points',
        's.created_at',
      ])
      .where('s.session_uuid', '=', sessionUuid)
      .$if(page.before !== undefined, (query) => query.where('s.id', '<', page.before!))
      .$if(page.after !== undefined, (query) => query.where('s.id', '>', page.after!))
      .orderBy('s.id', page.after === undefined ? 'desc' : 'asc')
      .limit(page.limit)
      .execute(),
});

export type CockpitRepository = ReturnType<typeof createCockpitRepository>;
