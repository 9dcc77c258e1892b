import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The SQL of content reads and assignments. Every player-facing query names its columns and
 * none names `objective.answer`: an answer cannot reach a player payload by a `selectAll()` or a
 * spread row. Only the `…ForTrainer` queries read it.
 */
export const createContentRepository = (db: Kysely<Database>) => ({
  /** The chapters a player may open: every open one and the ones assigned to them. */
  listChaptersForPlayer: (accountId: string) =>
    db
      .selectFrom('chapter as c')
      .leftJoin('chapter_assignment as a', (join) =>
        join.onRef('a.chapter_uuid', '=', 'c.uuid').on('a.account_id', '=', accountId),
      )
      .select(['c.uuid', 'c.position', 'c.title', 'c.summary', 'c.visibility', 'a.assigned_at'])
      .where((eb) => eb.or([eb('c.visibility', '=', 'open'), eb('a.account_id', 'is not', null)]))
      .execute(),

  /** One chapter with whether it is assigned to this player; access is the caller's decision. */
  findChapterForPlayer: (chapterUuid: string, accountId: string) =>
    db
      .selectFrom('chapter as c')
      .leftJoin('chapter_assignment as a', (join) =>
        join.onRef('a.chapter_uuid', '=', 'c.uuid').on('a.account_id', '=', accountId),
      )
      .select(['c.uuid', 'c.position', 'c.title', 'c.summary', 'c.visibility', 'a.assigned_at'])
      .where('c.uuid', '=', chapterUuid)
      .executeTakeFirst(),

  listMissionsOfChapters: async (chapterUuids: readonly string[]) =>
    chapterUuids.length === 0
      ? []
      : db
          .selectFrom('mission')
          .select([
            'uuid',
            'chapter_uuid',
            'position',
            'title',
            'brief',
            'scenario',
            'rules',
            'difficulty',
            'duration_minutes',
            'success_rule',
          ])
          .where('chapter_uuid', 'in', chapterUuids)
          .orderBy('chapter_uuid')
          .orderBy('position')
          .execute(),

  /** What a player may know of objectives before playing: no description, choices or answer. */
  listObjectivePreviews: async (missionUuids: readonly string[]) =>
    missionUuids.length === 0
      ? []
      : db
          .selectFrom('objective')
          .select([
            'uuid',
            'mission_uuid',
            'position',
            'title',
            'category',
            'difficulty',
            'points',
            'type',
            'locked',
            'speedrun',
            'first_blood_bonus',
          ])
          .where('mission_uuid', 'in', missionUuids)
          .orderBy('mission_uuid')
          .orderBy('position')
          .execute(),

  listPlayerResults: async (accountId: string, missionUuids: readonly string[]) =>
    missionUuids.length === 0
      ? []
      : db
          .selectFrom('mission_player_result')
          .select(['mission_uuid', 'best_score', 'result'])
          .where('account_id', '=', accountId)
          .where('mission_uuid', 'in', missionUuids)
          .execute(),

  /**
   * An attached file of this objective (a file uuid of another objective finds nothing), with
   * what decides whether this player may download it.
   */
  findFileAccessForPlayer: (objectiveUuid: string, fileUuid: string, accountId: string) =>
    db
      .selectFrom('objective_file as f')
      .innerJoin('objective as o', 'o.uuid', 'f.objective_uuid')
      .innerJoin('mission as m', 'm.uuid', 'o.mission_uuid')
      .innerJoin('chapter as c', 'c.uuid', 'm.chapter_uuid')
      .leftJoin('chapter_assignment as a', (join) =>
        join.onRef('a.chapter_uuid', '=', 'c.uuid').on('a.account_id', '=', accountId),
      )
      .select(['f.uuid', 'o.locked', 'c.visibility', 'a.assigned_at'])
      .where('f.uuid', '=', fileUuid)
      .where('f.objective_uuid', '=', objectiveUuid)
      .executeTakeFirst(),

  findFile: (objectiveUuid: string, fileUuid: string) =>
    db
      .selectFrom('objective_file')
      .select(['uuid', 'name', 'content_type', 'size', 'content'])
      .where('uuid', '=', fileUuid)
      .where('objective_uuid', '=', objectiveUuid)
      .executeTakeFirst(),

  // Trainers ------------------------------------------------------------------------------------

  listChapters: () =>
    db
      .selectFrom('chapter')
      .select(['uuid', 'position', 'title', 'visibility'])
      .orderBy('position')
      .orderBy(sql`title->>'en'`)
      .execute(),

  findChapter: (chapterUuid: string) =>
    db
      .selectFrom('chapter')
      .select(['uuid', 'position', 'title', 'visibility'])
      .where('uuid', '=', chapterUuid)
      .executeTakeFirst(),

  /** Missions with their objective count and total points, by chapter then position. */
  listMissionTotals: async (chapterUuids?: readonly string[]) => {
    if (chapterUuids?.length === 0) return [];
    let query = db
      .selectFrom('mission as m')
      .innerJoin('chapter as c', 'c.uuid', 'm.chapter_uuid')
      .leftJoin('objective as o', 'o.mission_uuid', 'm.uuid')
      .select((eb) => [
        'm.uuid',
        'm.chapter_uuid',
        'm.title',
        'm.difficulty',
        'm.duration_minutes',
        'c.title as chapter_title',
        eb.fn.count<number>('o.uuid').as('objective_count'),
        eb.fn.coalesce(eb.fn.sum<number>('o.points'), eb.lit(0)).as('points'),
      ])
      .groupBy(['m.uuid', 'c.uuid'])
      .orderBy('c.position')
      .orderBy('c.uuid')
      .orderBy('m.position');
    if (chapterUuids) query = query.where('m.chapter_uuid', 'in', chapterUuids);
    return query.execute();
  },

  listAssignees: async (chapterUuids: readonly string[]) =>
    chapterUuids.length === 0
      ? []
      : db
          .selectFrom('chapter_assignment as a')
          .innerJoin('account as u', 'u.id', 'a.account_id')
          .select(['a.chapter_uuid', 'u.id', 'u.username', 'u.pseudo'])
          .where('a.chapter_uuid', 'in', chapterUuids)
          .orderBy('u.username')
          .execute(),

  /** Locks the chapter's row for the rest of the transaction: assignments change one at a time. */
  lockChapter: (chapterUuid: string, executor: Kysely<Database> = db) =>
    executor
      .selectFrom('chapter')
      .select(['uuid', 'title'])
      .where('uuid', '=', chapterUuid)
      .forUpdate()
      .executeTakeFirst(),

  /** The ids among these that are player accounts. */
  findPlayerIds: async (ids: readonly string[], executor: Kysely<Database> = db) =>
    ids.length === 0
      ? []
      : (
          await executor
            .selectFrom('account')
            .select('id')
            .where('id', 'in', ids)
            .where('role', '=', 'player')
            .execute()
        ).map((row) => row.id),

  listAssignedIds: async (chapterUuid: string, executor: Kysely<Database> = db) =>
    (
      await executor
        .selectFrom('chapter_assignment')
        .select('account_id')
        .where('chapter_uuid', '=', chapterUuid)
        .execute()
    ).map((row) => row.account_id),

  insertAssignments: async (
    rows: readonly { chapterUuid: string; accountId: string; assignedBy: string; at: Date }[],
    executor: Kysely<Database> = db,
  ) => {
    if (rows.length === 0) return;
    await executor
      .insertInto('chapter_assignment')
      .values(
        rows.map((row) => ({
          chapter_uuid: row.chapterUuid,
          account_id: row.accountId,
          assigned_by: row.assignedBy,
          assigned_at: row.at,
        })),
      )
      .onConflict((oc) => oc.columns(['chapter_uuid', 'account_id']).doNothing())
      .execute();
  },

  deleteAssignments: async (
    chapterUuid: string,
    accountIds: readonly string[],
    executor: Kysely<Database> = db,
  ) => {
    if (accountIds.length === 0) return;
    await executor
      .deleteFrom('chapter_assignment')
      .where('chapter_uuid', '=', chapterUuid)
      .where('account_id', 'in', accountIds)
      .execute();
  },

  findMissionForTrainer: (missionUuid: string) =>
    db
      .selectFrom('mission')
      .select([
        'uuid',
        'chapter_uuid',
        'position',
        'title',
        'brief',
        'scenario',
        'rules',
        'difficulty',
        'duration_minutes',
        'success_rule',
        'reveal_answers_after_game',
      ])
      .where('uuid', '=', missionUuid)
      .executeTakeFirst(),

  /** A mission's objectives with their answers: for trainers only. */
  listObjectivesForTrainer: (missionUuid: string) =>
    db
      .selectFrom('objective')
      .select([
        'uuid',
        'title',
        'description',
        'explanation',
        'category',
        'difficulty',
        'points',
        'type',
        'choices',
        'answer',
        'penalty',
        'max_attempts',
        'locked',
        'prerequisites',
        'first_blood_bonus',
        'speedrun',
        'required',
      ])
      .where('mission_uuid', '=', missionUuid)
      .orderBy('position')
      .execute(),

  /** Attached files' metadata (not their content), in order. */
  listFilesOfObjectives: async (objectiveUuids: readonly string[]) =>
    objectiveUuids.length === 0
      ? []
      : db
          .selectFrom('objective_file')
          .select(['uuid', 'objective_uuid', 'name', 'content_type', 'size'])
          .where('objective_uuid', 'in', objectiveUuids)
          .orderBy('objective_uuid')
          .orderBy('position')
          .execute(),

  /** Hints with their texts: for trainers only (a player's go through their team's unlocks). */
  listHintsOfObjectivesForTrainer: async (objectiveUuids: readonly string[]) =>
    objectiveUuids.length === 0
      ? []
      : db
          .selectFrom('objective_hint')
          .select(['uuid', 'objective_uuid', 'text', 'cost'])
          .where('objective_uuid', 'in', objectiveUuids)
          .orderBy('objective_uuid')
          .orderBy('position')
          .execute(),
});

export type ContentRepository = ReturnType<typeof createContentRepository>;
