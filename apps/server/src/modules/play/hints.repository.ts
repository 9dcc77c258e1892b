import type { LocalizedText } from '@rampart/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The SQL of hints in play. A hint's text leaves the database only joined to its team's unlock:
 * the team's queries select `text` through that join, so a hint still locked has none to send.
 */
export const createHintsRepository = (db: Kysely<Database>) => ({
  /**
   * The hints of a mission's objectives, in order, with this team's unlock of each; the text only
   * where the team unlocked it.
   */
  listForTeam: async (missionUuid: string, teamUuid: string, executor: Db = db) => {
    const hints = await executor
      .selectFrom('objective_hint as h')
      .innerJoin('objective as o', 'o.uuid', 'h.objective_uuid')
      .leftJoin('hint_unlock as u', (join) =>
        join.onRef('u.hint_uuid', '=', 'h.uuid').on('u.team_uuid', '=', teamUuid),
      )
      .leftJoin('account as a', 'a.id', 'u.account_id')
      .select([
        'h.uuid',
        'h.objective_uuid',
        'h.position',
        'h.cost',
        sql<LocalizedText | null>`case when u.hint_uuid is not null then h.text end`.as('text'),
        'u.unlocked_at',
        'u.cost as charged',
        'u.free',
        'a.pseudo as unlocked_by',
      ])
      .where('o.mission_uuid', '=', missionUuid)
      .orderBy('h.objective_uuid')
      .orderBy('h.position')
      .execute();
    // Files only of the hints this team unlocked: a locked hint's files are not even named.
    const unlocked = hints.filter((hint) => hint.unlocked_at !== null).map((hint) => hint.uuid);
    const files =
      unlocked.length === 0
        ? []
        : await executor
            .selectFrom('hint_file')
            .select(['uuid', 'hint_uuid', 'name', 'content_type', 'size'])
            .where('hint_uuid', 'in', unlocked)
            .orderBy('position')
            .execute();
    return hints.map((hint) => ({
      ...hint,
      files: files.filter((file) => file.hint_uuid === hint.uuid),
    }));
  },

  /**
   * A file of a hint, only if a team of this session that this player belongs to unlocked the
   * hint; nothing otherwise, whether the file exists or not.
   */
  findUnlockedHintFile: (input: {
    sessionUuid: string;
    hintUuid: string;
    fileUuid: string;
    accountId: string;
  }) =>
    db
      .selectFrom('hint_file as f')
      .innerJoin('hint_unlock as u', 'u.hint_uuid', 'f.hint_uuid')
      .innerJoin('gaming_session_player as p', (join) =>
        join
          .onRef('p.team_uuid', '=', 'u.team_uuid')
          .onRef('p.session_uuid', '=', 'u.session_uuid'),
      )
      .select(['f.name', 'f.content_type', 'f.size', 'f.content'])
      .where('f.uuid', '=', input.fileUuid)
      .where('f.hint_uuid', '=', input.hintUuid)
      .where('u.session_uuid', '=', input.sessionUuid)
      .where('p.account_id', '=', input.accountId)
      .executeTakeFirst(),

  /** A file of a hint, for a trainer. */
  findHintFile: (hintUuid: string, fileUuid: string) =>
    db
      .selectFrom('hint_file')
      .select(['name', 'content_type', 'size', 'content'])
      .where('uuid', '=', fileUuid)
      .where('hint_uuid', '=', hintUuid)
      .executeTakeFirst(),

  /** The hint, only if it belongs to this objective of this mission; without its text. */
  findHint: (trx: Db, missionUuid: string, objectiveUuid: string | null, hintUuid: string) => {
    let query = trx
      .selectFrom('objective_hint as h')
      .innerJoin('objective as o', 'o.uuid', 'h.objective_uuid')
      .select([
        'h.uuid',
        'h.objective_uuid',
        'h.position',
        'h.cost',
        'o.locked',
        'o.prerequisites',
        'o.max_attempts',
      ])
      .where('h.uuid', '=', hintUuid)
      .where('o.mission_uuid', '=', missionUuid);
    if (objectiveUuid !== null) query = query.where('o.uuid', '=', objectiveUuid);
    return query.executeTakeFirst();
  },

  /** What decides whether the objective is open to the team and which of its hints it has. */
  teamFacts: async (
    trx: Db,
    input: {
      sessionUuid: string;
      teamUuid: string;
      objectiveUuid: string;
      prerequisites: string[];
    },
  ) => {
    const [state, unlockedByTrainer, solvedPrerequisites, unlocks] = await Promise.all([
      trx
        .selectFrom('team_objective_state')
        .select(['attempts', 'solved_at'])
        .where('team_uuid', '=', input.teamUuid)
        .where('objective_uuid', '=', input.objectiveUuid)
        .executeTakeFirst(),
      trx
        .selectFrom('objective_unlock')
        .select('objective_uuid')
        .where('session_uuid', '=', input.sessionUuid)
        .where('objective_uuid', '=', input.objectiveUuid)
        .executeTakeFirst(),
      input.prerequisites.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom('team_objective_state')
            .select('objective_uuid')
            .where('team_uuid', '=', input.teamUuid)
            .where('objective_uuid', 'in', input.prerequisites)
            .where('solved_at', 'is not', null)
            .execute(),
      trx
        .selectFrom('objective_hint as h')
        .leftJoin('hint_unlock as u', (join) =>
          join.onRef('u.hint_uuid', '=', 'h.uuid').on('u.team_uuid', '=', input.teamUuid),
        )
        .select(['h.uuid', 'h.position', 'u.hint_uuid as unlocked'])
        .where('h.objective_uuid', '=', input.objectiveUuid)
        .orderBy('h.position')
        .execute(),
    ]);
    return {
      attempts: state?.attempts ?? 0,
      solved: Boolean(state?.solved_at),
      unlockedByTrainer: unlockedByTrainer !== undefined,
      solvedPrerequisites: new Set(solvedPrerequisites.map((row) => row.objective_uuid)),
      hints: unlocks.map((row) => ({
        uuid: row.uuid,
        position: row.position,
        unlocked: row.unlocked !== null,
      })),
    };
  },

  /** One unlock per team and hint: `false` when the team had it already. */
  insertUnlock: async (
    trx: Transaction<Database>,
    row: {
      team_uuid: string;
      hint_uuid: string;
      session_uuid: string;
      objective_uuid: string;
      account_id: string;
      cost: number;
      free: boolean;
    },
  ) => {
    const inserted = await trx
      .insertInto('hint_unlock')
      .values(row)
      .onConflict((oc) => oc.columns(['team_uuid', 'hint_uuid']).doNothing())
      .returning('unlocked_at')
      .executeTakeFirst();
    return inserted?.unlocked_at ?? null;
  },

  /** The hint's cost as a ledger row, and the team's score moved by it. */
  chargeTeam: async (
    trx: Transaction<Database>,
    row: { session: string; team: string; objective: string; account: string; cost: number },
  ) => {
    await trx
      .insertInto('score_entry')
      .values({
        session_uuid: row.session,
        team_uuid: row.team,
        objective_uuid: row.objective,
        kind: 'hint',
        points: -row.cost,
        account_id: row.account,
      })
      .execute();
    const team = await trx
      .updateTable('gaming_session_team')
      .set((eb) => ({
        score: eb('score', '-', row.cost),
        score_reached_at: eb.fn<Date>('clock_timestamp'),
      }))
      .where('uuid', '=', row.team)
      .returning('score')
      .executeTakeFirstOrThrow();
    return team.score;
  },

  findTeamScore: async (trx: Db, teamUuid: string) =>
    (
      await trx
        .selectFrom('gaming_session_team')
        .select('score')
        .where('uuid', '=', teamUuid)
        .executeTakeFirstOrThrow()
    ).score,

  /**
   * Every hint of an objective, in order, with its text in both languages and the team's unlock
   * of each: for the trainer (the support thread's context), who may read every hint anyway.
   */
  listObjectiveHintsForTeam: (teamUuid: string, objectiveUuid: string) =>
    db
      .selectFrom('objective_hint as h')
      .leftJoin('hint_unlock as u', (join) =>
        join.onRef('u.hint_uuid', '=', 'h.uuid').on('u.team_uuid', '=', teamUuid),
      )
      .leftJoin('account as a', 'a.id', 'u.account_id')
      .select([
        'h.uuid',
        'h.position',
        'h.cost',
        'h.text',
        'u.cost as charged',
        'u.free',
        'u.unlocked_at',
        'a.pseudo',
      ])
      .where('h.objective_uuid', '=', objectiveUuid)
      .orderBy('h.position')
      .execute(),

  /** Every unlock of a session, newest first: the cockpit's feed and grid. */
  listSessionUnlocks: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('hint_unlock as u')
      .innerJoin('objective_hint as h', 'h.uuid', 'u.hint_uuid')
      .leftJoin('account as a', 'a.id', 'u.account_id')
      .select([
        'u.team_uuid',
        'u.objective_uuid',
        'u.hint_uuid',
        'h.position',
        'u.cost',
        'u.free',
        'u.unlocked_at',
        'a.pseudo',
      ])
      .where('u.session_uuid', '=', sessionUuid)
      .orderBy('u.unlocked_at', 'desc')
      .orderBy('h.position', 'desc')
      .execute(),
});

export type HintsRepository = ReturnType<typeof createHintsRepository>;
