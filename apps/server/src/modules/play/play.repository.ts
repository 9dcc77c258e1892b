import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The SQL of play. Every objective is looked up through the session's mission, and every team
 * state through the caller's team: nothing is found by an id alone. Player queries never name
 * `objective.answer`; only `findObjectiveForAnswer` and the answer batch (answer-batch.repository)
 * read it, to check a submission.
 */
export const createPlayRepository = (db: Kysely<Database>) => ({
  findMembership: (sessionUuid: string, accountId: string, executor: Db = db) =>
    executor
      .selectFrom('gaming_session_player as p')
      .leftJoin('gaming_session_team as t', 't.uuid', 'p.team_uuid')
      .select(['p.team_uuid', 't.name as team_name', 't.eliminated_at'])
      .where('p.session_uuid', '=', sessionUuid)
      .where('p.account_id', '=', accountId)
      .executeTakeFirst(),

  /** The objective, only if it belongs to this mission; with its answer, for the check. */
  findObjectiveForAnswer: (trx: Db, missionUuid: string, objectiveUuid: string) =>
    trx
      .selectFrom('objective')
      .select([
        'uuid',
        'type',
        'points',
        'penalty',
        'max_attempts',
        'first_blood_bonus',
        'locked',
        'prerequisites',
        'choices',
        'expected_answers',
        'answer',
      ])
      .where('uuid', '=', objectiveUuid)
      .where('mission_uuid', '=', missionUuid)
      .executeTakeFirst(),

  findSpeedrun: (trx: Db, sessionUuid: string, objectiveUuid: string) =>
    trx
      .selectFrom('speedrun')
      .select(['title', 'description', 'launched_at', 'paused_ms_at_launch'])
      .where('session_uuid', '=', sessionUuid)
      .where('objective_uuid', '=', objectiveUuid)
      .executeTakeFirst(),

  /**
   * Sessions played lately whose stream recorded answers after its newest ranking, the last of
   * them at least `quietMs` ago: a ranking announcement may be missing there (deferred by a node
   * that stopped or crashed before it was due). Each stream is read by its key, newest first.
   */
  listSessionsWithAnswersAfterRanking: (quietMs: number) =>
    sql<{ uuid: string }>`
      select s.uuid from gaming_session s
      cross join lateral (
        select l.sequence, l.created_at from event_log l
        where l.stream = 'session:' || s.uuid and l.type = 'submissions.recorded'
        order by l.sequence desc
        limit 1
      ) as recorded
      where s.starts_at is not null
        and s.starts_at > now() - interval '7 days'
        and coalesce(s.stopped_at, now()) > now() - interval '1 day'
        and recorded.created_at <= now() - ${quietMs} * interval '1 millisecond'
        and recorded.sequence > coalesce((
          select r.sequence from event_log r
          where r.stream = 'session:' || s.uuid and r.type = 'ranking.changed'
          order by r.sequence desc
          limit 1
        ), 0)`
      .execute(db)
      .then(({ rows }) => rows.map((row) => row.uuid)),

  /** The payload of the session's newest ranking announcement, or null (never announced). */
  findLatestRanking: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('event_log')
      .select('payload')
      .where('stream', '=', `session:${sessionUuid}`)
      .where('type', '=', 'ranking.changed')
      .orderBy('sequence', 'desc')
      .limit(1)
      .executeTakeFirst()
      .then((row) => (row?.payload ?? null) as unknown),

  /**
   * Teams with their scores and solved counts, for the ranking and the trainer's cockpit, in the
   * order they were created (teams the ranking cannot tell apart keep that order). The
   * elimination's reason is for trainers and the team itself: the ranking leaves it out. Every
   * column is the team's own row, which the answer batch keeps (the solved count is
   * `completed_objectives`, raised by the statement that writes the solve): a ranking costs one
   * index walk over the session's teams, whatever the number of states.
   */
  listRankingRows: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('gaming_session_team as t')
      .select([
        't.uuid',
        't.name',
        't.score',
        't.score_reached_at',
        't.eliminated_at',
        't.elimination_reason',
        sql<boolean>`t.logo is not null`.as('has_logo'),
        't.completed_objectives as completed',
      ])
      .where('t.session_uuid', '=', sessionUuid)
      .orderBy('t.created_at')
      .orderBy('t.uuid')
      .execute(),

  /**
   * Whether an objective is open to this player in a session they are playing at `now` (running
   * or paused, in a team): `isObjectiveOpen` of the contracts, in SQL (it is not locked, a trainer
   * unlocked it there, or their team solved every prerequisite). Sessions that are over or not started yet count for nothing: an
   * objective opened in one game is not open in the next, where it is locked again.
   */
  isOpenToPlayer: async (accountId: string, objectiveUuid: string, now: Date) => {
    const row = await sql<{ open: number }>`
      select 1 as open
      from gaming_session_player p
      join gaming_session s on s.uuid = p.session_uuid
      join objective o on o.mission_uuid = s.mission_uuid and o.uuid = ${objectiveUuid}
      where p.account_id = ${accountId} and p.team_uuid is not null
        and s.stopped_at is null and s.starts_at <= ${now}
        and (s.paused_at is not null
             or s.starts_at + (s.duration_ms + s.paused_ms) * interval '1 millisecond' > ${now})
        and (
        not o.locked
        or exists (select 1 from objective_unlock u
                where u.session_uuid = s.uuid and u.objective_uuid = o.uuid)
        or not exists (
          select 1 from unnest(o.prerequisites) as pre(uuid)
          where not exists (
            select 1 from team_objective_state t
            where t.team_uuid = p.team_uuid and t.objective_uuid = pre.uuid
              and t.solved_at is not null)))
      limit 1`.execute(db);
    return row.rows.length > 0;
  },
});

export type PlayRepository = ReturnType<typeof createPlayRepository>;
