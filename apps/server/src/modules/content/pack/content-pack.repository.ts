import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  ChapterTable,
  Database,
  MissionTable,
  ObjectiveFileTable,
  ObjectiveHintTable,
  HintFileTable,
  ObjectiveTable,
} from '../../../db/schema.js';

/** The SQL of content packs: whole chapters written and read by uuid. */
type Db = Kysely<Database>;

export type ChapterRow = Selectable<ChapterTable>;
export type MissionRow = Selectable<MissionTable>;
export type ObjectiveRow = Selectable<ObjectiveTable>;
export type ObjectiveFileRow = Selectable<ObjectiveFileTable>;
export type ObjectiveHintRow = Selectable<ObjectiveHintTable>;
export type HintFileRow = Selectable<HintFileTable>;

export const findChapterUuids = async (db: Db, uuids: string[]): Promise<Set<string>> => {
  if (uuids.length === 0) return new Set();
  const rows = await db.selectFrom('chapter').select('uuid').where('uuid', 'in', uuids).execute();
  return new Set(rows.map((row) => row.uuid));
};

/** The missions among `uuids` that exist, with their chapter and English title. */
export const findMissionOwners = async (db: Db, uuids: string[]) => {
  if (uuids.length === 0) return [];
  return db
    .selectFrom('mission')
    .select(['uuid', 'chapter_uuid', 'title'])
    .where('uuid', 'in', uuids)
    .execute();
};

/** The objectives among `uuids` that exist, with their mission. */
export const findObjectiveOwners = async (db: Db, uuids: string[]) => {
  if (uuids.length === 0) return [];
  return db
    .selectFrom('objective')
    .select(['uuid', 'mission_uuid', 'title'])
    .where('uuid', 'in', uuids)
    .execute();
};

export const upsertChapter = async (db: Db, row: Insertable<ChapterTable>) => {
  const { uuid: _uuid, ...changes } = row;
  await db
    .insertInto('chapter')
    .values(row)
    .onConflict((oc) => oc.column('uuid').doUpdateSet({ ...changes, updated_at: sql`now()` }))
    .execute();
};

export const listMissionUuids = async (db: Db, chapterUuid: string) =>
  (
    await db.selectFrom('mission').select('uuid').where('chapter_uuid', '=', chapterUuid).execute()
  ).map((row) => row.uuid);

/** Missions of these chapters that gaming sessions play, with how many sessions and a title. */
export const findPlayedMissions = async (db: Db, chapterUuids: readonly string[]) =>
  chapterUuids.length === 0
    ? []
    : db
        .selectFrom('mission as m')
        .innerJoin('gaming_session as s', 's.mission_uuid', 'm.uuid')
        .select([
          'm.uuid',
          'm.chapter_uuid',
          'm.title',
          (eb) => eb.fn.countAll<number>().as('sessions'),
        ])
        .where('m.chapter_uuid', 'in', chapterUuids)
        .groupBy(['m.uuid', 'm.chapter_uuid', 'm.title'])
        .execute();

export const listObjectiveUuids = async (db: Db, missionUuid: string) =>
  (
    await db
      .selectFrom('objective')
      .select('uuid')
      .where('mission_uuid', '=', missionUuid)
      .execute()
  ).map((row) => row.uuid);

export const listFileUuids = async (db: Db, objectiveUuid: string) =>
  (
    await db
      .selectFrom('objective_file')
      .select('uuid')
      .where('objective_uuid', '=', objectiveUuid)
      .execute()
  ).map((row) => row.uuid);

export const listHintUuids = async (db: Db, objectiveUuid: string) =>
  (
    await db
      .selectFrom('objective_hint')
      .select('uuid')
      .where('objective_uuid', '=', objectiveUuid)
      .execute()
  ).map((row) => row.uuid);

/**
 * Removes hints the pack no longer has (with the teams' unlocks of them: the points they paid
 * stay in the ledger), and parks the others' positions so a new order never meets the
 * (objective, position) unique constraint half-way.
 */
export const replaceHints = async (db: Db, objectiveUuid: string, removed: string[]) => {
  if (removed.length > 0)
    await db.deleteFrom('objective_hint').where('uuid', 'in', removed).execute();
  await db
    .updateTable('objective_hint')
    .set({ position: sql`-1 - position` })
    .where('objective_uuid', '=', objectiveUuid)
    .execute();
};

export const upsertHint = async (db: Db, row: Insertable<ObjectiveHintTable>) => {
  const { uuid: _uuid, ...changes } = row;
  await db
    .insertInto('objective_hint')
    .values(row)
    .onConflict((oc) => oc.column('uuid').doUpdateSet(changes))
    .execute();
};

export const listHintsOfObjectives = async (db: Db, objectiveUuids: string[]) => {
  if (objectiveUuids.length === 0) return [];
  return db
    .selectFrom('objective_hint')
    .selectAll()
    .where('objective_uuid', 'in', objectiveUuids)
    .orderBy('objective_uuid')
    .orderBy('position')
    .execute();
};

export const deleteMissions = async (db: Db, uuids: string[]) => {
  if (uuids.length > 0) await db.deleteFrom('mission').where('uuid', 'in', uuids).execute();
};

export const deleteObjectives = async (db: Db, uuids: string[]) => {
  if (uuids.length > 0) await db.deleteFrom('objective').where('uuid', 'in', uuids).execute();
};

export const deleteFiles = async (db: Db, uuids: string[]) => {
  if (uuids.length > 0) await db.deleteFrom('objective_file').where('uuid', 'in', uuids).execute();
};

/**
 * Moves a chapter's missions to negative positions, so rewriting them in a new order never
 * meets the (chapter, position) unique constraint half-way.
 */
export const parkMissionPositions = async (db: Db, chapterUuid: string) => {
  await db
    .updateTable('mission')
    .set({ position: sql`-1 - position` })
    .where('chapter_uuid', '=', chapterUuid)
    .execute();
};

/** Same as parkMissionPositions, for the objectives of a mission. */
export const parkObjectivePositions = async (db: Db, missionUuid: string) => {
  await db
    .updateTable('objective')
    .set({ position: sql`-1 - position` })
    .where('mission_uuid', '=', missionUuid)
    .execute();
};

export const upsertMission = async (db: Db, row: Insertable<MissionTable>) => {
  const { uuid: _uuid, ...changes } = row;
  await db
    .insertInto('mission')
    .values(row)
    .onConflict((oc) => oc.column('uuid').doUpdateSet(changes))
    .execute();
};

export const upsertObjective = async (db: Db, row: Insertable<ObjectiveTable>) => {
  const { uuid: _uuid, ...changes } = row;
  await db
    .insertInto('objective')
    .values(row)
    .onConflict((oc) => oc.column('uuid').doUpdateSet(changes))
    .execute();
};

export const upsertFile = async (db: Db, row: Insertable<ObjectiveFileTable>) => {
  const { uuid: _uuid, ...changes } = row;
  await db
    .insertInto('objective_file')
    .values(row)
    .onConflict((oc) => oc.column('uuid').doUpdateSet(changes))
    .execute();
};

export const findChapter = async (db: Db, uuid: string) =>
  db.selectFrom('chapter').selectAll().where('uuid', '=', uuid).executeTakeFirst();

export const listMissionsOfChapter = async (db: Db, chapterUuid: string) =>
  db
    .selectFrom('mission')
    .selectAll()
    .where('chapter_uuid', '=', chapterUuid)
    .orderBy('position')
    .execute();

/** Objectives of the missions, with their answers: packs are a trainer's tool. */
export const listObjectivesOfMissions = async (db: Db, missionUuids: string[]) => {
  if (missionUuids.length === 0) return [];
  return db
    .selectFrom('objective')
    .selectAll()
    .where('mission_uuid', 'in', missionUuids)
    .orderBy('mission_uuid')
    .orderBy('position')
    .execute();
};

export const replaceHintFiles = async (
  db: Db,
  hintUuid: string,
  rows: Insertable<HintFileTable>[],
) => {
  await db.deleteFrom('hint_file').where('hint_uuid', '=', hintUuid).execute();
  if (rows.length > 0) await db.insertInto('hint_file').values(rows).execute();
};

/** The files of the hints of these objectives, each with its hint's objective. */
export const listHintFilesOfObjectives = async (db: Db, objectiveUuids: string[]) => {
  if (objectiveUuids.length === 0) return [];
  return db
    .selectFrom('hint_file as f')
    .innerJoin('objective_hint as h', 'h.uuid', 'f.hint_uuid')
    .selectAll('f')
    .where('h.objective_uuid', 'in', objectiveUuids)
    .orderBy('f.hint_uuid')
    .orderBy('f.position')
    .execute();
};

export const listFilesOfObjectives = async (db: Db, objectiveUuids: string[]) => {
  if (objectiveUuids.length === 0) return [];
  return db
    .selectFrom('objective_file')
    .selectAll()
    .where('objective_uuid', 'in', objectiveUuids)
    .orderBy('objective_uuid')
    .orderBy('position')
    .execute();
};

/** Every chapter with its size, for the command line's `list`. */
export const listChapterSummaries = async (db: Db) =>
  db
    .selectFrom('chapter')
    .leftJoin('mission', 'mission.chapter_uuid', 'chapter.uuid')
    .leftJoin('objective', 'objective.mission_uuid', 'mission.uuid')
    .select((eb) => [
      'chapter.uuid',
      'chapter.title',
      'chapter.visibility',
      'chapter.position',
      eb.fn.count<number>('mission.uuid').distinct().as('missions'),
      eb.fn.count<number>('objective.uuid').as('objectives'),
    ])
    .groupBy(['chapter.uuid', 'chapter.title', 'chapter.visibility', 'chapter.position'])
    .orderBy('chapter.position')
    .orderBy('chapter.uuid')
    .execute();

export const countChapters = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('chapter')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Chapters only assigned players see. */
export const listAssignedOnlyChapterUuids = async (db: Db) =>
  (
    await db
      .selectFrom('chapter')
      .select('uuid')
      .where('visibility', '=', 'assigned')
      .orderBy('position')
      .execute()
  ).map((row) => row.uuid);

export const findPlayerIdsByUsername = async (db: Db, usernames: readonly string[]) => {
  if (usernames.length === 0) return [];
  return (
    await db
      .selectFrom('account')
      .select('id')
      .where('role', '=', 'player')
      .where('username', 'in', [...usernames])
      .orderBy('username')
      .execute()
  ).map((row) => row.id);
};

/** Assigns chapters to players; existing assignments stay as they are. */
export const insertAssignments = async (
  db: Db,
  assignments: { chapter_uuid: string; account_id: string }[],
) => {
  if (assignments.length === 0) return;
  await db
    .insertInto('chapter_assignment')
    .values(assignments.map((assignment) => ({ ...assignment, assigned_by: null })))
    .onConflict((oc) => oc.columns(['chapter_uuid', 'account_id']).doNothing())
    .execute();
};
