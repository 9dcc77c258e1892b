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

  /** The grid: every team state of the session, with its solver and its wrong submissions. */
  listCells: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('team_objective_state as s')
      .leftJoin('account as a', 'a.id', 's.solved_by')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('submission')
            .select(['team_uuid', 'objective_uuid', (e) => e.fn.countAll<number>().as('wrong')])
            .where('session_uuid', '=', sessionUuid)
            .where('correct', '=', false)
            .groupBy(['team_uuid', 'objective_uuid'])
            .as('w'),
        (join) =>
          join
            .onRef('w.team_uuid', '=', 's.team_uuid')
            .onRef('w.objective_uuid', '=', 's.objective_uuid'),
      )
      .select([
        's.team_uuid',
        's.objective_uuid',
        's.attempts',
        's.solved_at',
        'a.pseudo as solver',
        'w.wrong',
      ])
      .where('s.session_uuid', '=', sessionUuid)
      .execute(),

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
