import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ScoreEntryKind } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The SQL of play. Every objective is looked up through the session's mission, and every team
 * state through the caller's team: nothing is found by an id alone. Player queries never name
 * `objective.answer`; only `findObjectiveForAnswer` reads it, to check a submission.
 */
export const createPlayRepository = (db: Kysely<Database>) => ({
  /**
   * Locks the session row in KEY SHARE mode: answers do not block each other, but a pause, a
   * resume or a stop (FOR UPDATE) waits for the answers in flight, and the answers after it see
   * the new status. An answer is either before the pause or refused.
   */
  shareSession: (trx: Transaction<Database>, uuid: string) =>
    trx
      .selectFrom('gaming_session')
      .select([
        'uuid',
        'mission_uuid',
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
      .where('uuid', '=', uuid)
      .forKeyShare()
      .executeTakeFirst(),

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

  isUnlocked: async (trx: Db, sessionUuid: string, objectiveUuid: string) =>
    (await trx
      .selectFrom('objective_unlock')
      .select('objective_uuid')
      .where('session_uuid', '=', sessionUuid)
      .where('objective_uuid', '=', objectiveUuid)
      .executeTakeFirst()) !== undefined,

  /** Which of these objectives the team solved. */
  solvedAmong: async (trx: Db, teamUuid: string, objectiveUuids: readonly string[]) =>
    objectiveUuids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await trx
              .selectFrom('team_objective_state')
              .select('objective_uuid')
              .where('team_uuid', '=', teamUuid)
              .where('objective_uuid', 'in', objectiveUuids)
              .where('solved_at', 'is not', null)
              .execute()
          ).map((row) => row.objective_uuid),
        ),

  /** The team's state on the objective, created if needed, locked until the transaction ends. */
  lockTeamState: async (
    trx: Transaction<Database>,
    state: { teamUuid: string; objectiveUuid: string; sessionUuid: string },
  ) => {
    await trx
      .insertInto('team_objective_state')
      .values({
        team_uuid: state.teamUuid,
        objective_uuid: state.objectiveUuid,
        session_uuid: state.sessionUuid,
      })
      .onConflict((oc) => oc.columns(['team_uuid', 'objective_uuid']).doNothing())
      .execute();
    return trx
      .selectFrom('team_objective_state')
      .select(['attempts', 'solved_at'])
      .where('team_uuid', '=', state.teamUuid)
      .where('objective_uuid', '=', state.objectiveUuid)
      .forUpdate()
      .executeTakeFirstOrThrow();
  },

  /** Records a distinct wrong answer; `false` when the team had given this one already. */
  recordWrongAnswer: async (trx: Db, teamUuid: string, objectiveUuid: string, digest: string) => {
    const result = await trx
      .insertInto('team_wrong_answer')
      .values({ team_uuid: teamUuid, objective_uuid: objectiveUuid, answer_digest: digest })
      .onConflict((oc) => oc.columns(['team_uuid', 'objective_uuid', 'answer_digest']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  updateTeamState: (
    trx: Db,
    teamUuid: string,
    objectiveUuid: string,
    changes: { attempts?: number; solvedBy?: string },
  ) =>
    trx
      .updateTable('team_objective_state')
      .set({
        ...(changes.attempts === undefined ? {} : { attempts: changes.attempts }),
        ...(changes.solvedBy === undefined
          ? {}
          : { solved_at: sql<Date>`clock_timestamp()`, solved_by: changes.solvedBy }),
        first_attempt_at: sql<Date>`coalesce(first_attempt_at, clock_timestamp())`,
      })
      .where('team_uuid', '=', teamUuid)
      .where('objective_uuid', '=', objectiveUuid)
      .execute(),

  findSpeedrun: (trx: Db, sessionUuid: string, objectiveUuid: string) =>
    trx
      .selectFrom('speedrun')
      .select(['title', 'description', 'launched_at', 'paused_ms_at_launch'])
      .where('session_uuid', '=', sessionUuid)
      .where('objective_uuid', '=', objectiveUuid)
      .executeTakeFirst(),

  /**
   * Adds a ledger row and moves the team's score with it. A first blood is inserted only if no
   * team has it yet: `false` when another team was first (the unique index decides races).
   */
  addScore: async (
    trx: Db,
    entry: {
      sessionUuid: string;
      teamUuid: string;
      objectiveUuid: string | null;
      kind: ScoreEntryKind;
      points: number;
      accountId: string | null;
      reason?: string;
    },
  ) => {
    let query = trx.insertInto('score_entry').values({
      session_uuid: entry.sessionUuid,
      team_uuid: entry.teamUuid,
      objective_uuid: entry.objectiveUuid,
      kind: entry.kind,
      points: entry.points,
      account_id: entry.accountId,
      reason: entry.reason ?? null,
    });
    if (entry.kind === 'first_blood')
      query = query.onConflict((oc) =>
        oc
          .columns(['session_uuid', 'objective_uuid'])
          .where('kind', '=', 'first_blood')
          .doNothing(),
      );
    const inserted = await query.returning('id').executeTakeFirst();
    if (!inserted) return false;
    await trx
      .updateTable('gaming_session_team')
      .set({
        score: sql<number>`score + ${entry.points}`,
        score_reached_at: sql<Date>`clock_timestamp()`,
      })
      .where('uuid', '=', entry.teamUuid)
      .execute();
    return true;
  },

  /** Teams with their scores and solved counts, for the ranking. */
  listRankingRows: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('gaming_session_team as t')
      .select([
        't.uuid',
        't.name',
        't.score',
        't.score_reached_at',
        't.eliminated_at',
        sql<boolean>`t.logo is not null`.as('has_logo'),
        (eb) =>
          eb
            .selectFrom('team_objective_state as s')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('s.team_uuid', '=', 't.uuid')
            .where('s.solved_at', 'is not', null)
            .as('completed'),
      ])
      .where('t.session_uuid', '=', sessionUuid)
      .execute(),

  /**
   * Whether a locked objective is open to this player in a session they play: a trainer
   * unlocked it there, or their team solved every prerequisite.
   */
  isOpenToPlayer: async (accountId: string, objectiveUuid: string) => {
    const row = await sql<{ open: number }>`
      select 1 as open
      from gaming_session_player p
      join gaming_session s on s.uuid = p.session_uuid
      join objective o on o.mission_uuid = s.mission_uuid and o.uuid = ${objectiveUuid}
      where p.account_id = ${accountId} and p.team_uuid is not null and (
        exists (select 1 from objective_unlock u
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

  /** The team's solved count, the mission's objective count and the team's score, at once. */
  teamProgress: async (trx: Db, teamUuid: string, missionUuid: string) => {
    const row = await sql<{ completed: number; total: number; score: number }>`
      select
        (select count(*) from team_objective_state
          where team_uuid = ${teamUuid} and solved_at is not null) as completed,
        (select count(*) from objective where mission_uuid = ${missionUuid}) as total,
        (select score from gaming_session_team where uuid = ${teamUuid}) as score`.execute(trx);
    const { completed, total, score } = row.rows[0]!;
    return { completed: Number(completed), total: Number(total), score: Number(score) };
  },
});

export type PlayRepository = ReturnType<typeof createPlayRepository>;
