import type { Insertable, Kysely } from 'kysely';
import type { Database, ObjectiveFileTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The SQL of content authoring on the trainer's screen (chapters saved whole go through packs). */

/**
 * Locks the chapter's row until the transaction ends: two saves of one chapter run one after the
 * other, and the second sees the first's revision.
 */
export const lockChapter = async (db: Db, uuid: string) =>
  db.selectFrom('chapter').select('uuid').where('uuid', '=', uuid).forUpdate().executeTakeFirst();

/** Sessions not stopped yet of the chapter's missions; the caller derives their status. */
export const listUnstoppedSessionsOfChapter = async (db: Db, chapterUuid: string) =>
  db
    .selectFrom('gaming_session as s')
    .innerJoin('mission as m', 'm.uuid', 's.mission_uuid')
    .selectAll('s')
    .where('m.chapter_uuid', '=', chapterUuid)
    .where('s.stopped_at', 'is', null)
    .orderBy('s.created_at')
    .execute();

/** Sessions not stopped yet of these missions; the caller derives their status. */
export const listUnstoppedSessionsOfMissions = async (db: Db, missionUuids: readonly string[]) =>
  db
    .selectFrom('gaming_session as s')
    .selectAll('s')
    .where('s.mission_uuid', 'in', missionUuids)
    .where('s.stopped_at', 'is', null)
    .execute();

/** Whether any gaming session, ended or not, used a mission of the chapter. */
export const chapterHasSessions = async (db: Db, chapterUuid: string) =>
  (await db
    .selectFrom('gaming_session as s')
    .innerJoin('mission as m', 'm.uuid', 's.mission_uuid')
    .select('s.uuid')
    .where('m.chapter_uuid', '=', chapterUuid)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** Missions, objectives, files and assignments go with it (the foreign keys cascade). */
export const deleteChapterRow = async (db: Db, uuid: string) =>
  (await db.deleteFrom('chapter').where('uuid', '=', uuid).executeTakeFirst()).numDeletedRows > 0n;

/** The objective with its mission's chapter, for an attached file's checks. */
export const findObjectiveOwner = async (db: Db, objectiveUuid: string) =>
  db
    .selectFrom('objective as o')
    .innerJoin('mission as m', 'm.uuid', 'o.mission_uuid')
    .select(['o.uuid', 'o.mission_uuid', 'm.chapter_uuid'])
    .where('o.uuid', '=', objectiveUuid)
    .executeTakeFirst();

/** The files of one objective, without their content. */
export const listFileNames = async (db: Db, objectiveUuid: string) =>
  db
    .selectFrom('objective_file')
    .select(['uuid', 'name', 'position'])
    .where('objective_uuid', '=', objectiveUuid)
    .orderBy('position')
    .execute();

/** The content hashes stored under a pack path anywhere in the chapter. */
export const listChapterFilesAtPath = async (db: Db, chapterUuid: string, packPath: string) =>
  db
    .selectFrom('objective_file as f')
    .innerJoin('objective as o', 'o.uuid', 'f.objective_uuid')
    .innerJoin('mission as m', 'm.uuid', 'o.mission_uuid')
    .select(['f.sha256'])
    .where('m.chapter_uuid', '=', chapterUuid)
    .where('f.pack_path', '=', packPath)
    .execute();

/** The bytes of every file attached in the chapter. */
export const sumChapterFileBytes = async (db: Db, chapterUuid: string) =>
  Number(
    (
      await db
        .selectFrom('objective_file as f')
        .innerJoin('objective as o', 'o.uuid', 'f.objective_uuid')
        .innerJoin('mission as m', 'm.uuid', 'o.mission_uuid')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('f.size'), eb.lit(0)).as('bytes'))
        .where('m.chapter_uuid', '=', chapterUuid)
        .executeTakeFirstOrThrow()
    ).bytes,
  );

export const insertFile = async (db: Db, row: Insertable<ObjectiveFileTable>) =>
  db.insertInto('objective_file').values(row).execute();

export const deleteFile = async (db: Db, objectiveUuid: string, fileUuid: string) =>
  db
    .deleteFrom('objective_file')
    .where('objective_uuid', '=', objectiveUuid)
    .where('uuid', '=', fileUuid)
    .returning(['name'])
    .executeTakeFirst();
