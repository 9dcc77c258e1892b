import { createHash } from 'node:crypto';
import type { PackMission, PackObjective } from '@rampart/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ObjectiveAnswer } from '../../../db/schema.js';
import * as repo from './content-pack.repository.js';
import { formatPackPath, type PackError, type PackPathSegment } from './pack-error.js';
import type { LoadedFile } from './pack-files.js';
import type { LoadedPack } from './pack-reader.js';

export interface Tally {
  created: number;
  updated: number;
  removed: number;
}

export interface ImportSummary {
  chapters: Tally;
  missions: Tally;
  objectives: Tally;
  files: Tally;
  /** The imported chapters, in the order of the packs. */
  chapterUuids: string[];
}

export type ImportResult =
  { ok: true; summary: ImportSummary } | { ok: false; errors: PackError[] };

const emptyTally = (): Tally => ({ created: 0, updated: 0, removed: 0 });

/**
 * A file has no uuid in its pack; its uuid comes from its objective and name, so it stays the
 * same across re-imports and across databases (download links keep working, exports compare).
 */
export const attachmentUuid = (objectiveUuid: string, name: string): string => {
  const hex = createHash('sha256').update(`${objectiveUuid.toLowerCase()}/${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** A hint written without a uuid gets one from its objective and position, the same each time. */
export const derivedHintUuid = (objectiveUuid: string, position: number): string =>
  attachmentUuid(objectiveUuid, `hint:${position}`);

const json = (value: unknown) => JSON.stringify(value);

const objectiveAnswer = (objective: PackObjective): ObjectiveAnswer =>
  objective.type === 'flag'
    ? {
        kind: 'flag',
        accepted: objective.flag!.accepted,
        caseInsensitive: objective.flag!.caseInsensitive,
      }
    : { kind: 'choices', correct: objective.correctChoices! };

const objectiveRow = (objective: PackObjective, missionUuid: string, position: number) => ({
  uuid: objective.uuid,
  mission_uuid: missionUuid,
  position,
  title: json(objective.title),
  description: json(objective.description),
  explanation: objective.explanation ? json(objective.explanation) : null,
  category: objective.category,
  difficulty: objective.difficulty,
  points: objective.points,
  type: objective.type,
  // What players see of the choices: ids and texts, never which are correct.
  choices: json((objective.choices ?? []).map(({ id, text }) => ({ id, text }))),
  expected_answers: objective.type === 'flag' ? 1 : objective.correctChoices!.length,
  answer: json(objectiveAnswer(objective)),
  penalty: objective.penalty,
  max_attempts: objective.maxAttempts,
  locked: objective.locked,
  prerequisites: objective.prerequisites,
  first_blood_bonus: objective.firstBloodBonus,
  speedrun: objective.speedrun,
  required: objective.required,
});

const missionRow = (mission: PackMission, chapterUuid: string, position: number) => ({
  uuid: mission.uuid,
  chapter_uuid: chapterUuid,
  position,
  title: json(mission.title),
  brief: json(mission.brief),
  scenario: json(mission.scenario),
  rules: json(mission.rules),
  difficulty: mission.difficulty,
  duration_minutes: mission.durationMinutes,
  success_rule: json(mission.successRule),
  reveal_answers_after_game: mission.revealAnswersAfterGame,
  // A re-import without a lab removes it: the pack is the whole truth of its missions.
  lab: mission.lab ? json(mission.lab) : null,
});

const fileRow = (file: LoadedFile, objectiveUuid: string, position: number) => ({
  uuid: attachmentUuid(objectiveUuid, file.name),
  objective_uuid: objectiveUuid,
  position,
  name: file.name,
  pack_path: file.packPath,
  content_type: file.contentType,
  size: file.size,
  sha256: file.sha256,
  content: file.content,
});

/** Counts what a replacement of `existing` by `wanted` does; returns the uuids to delete. */
const reconcile = (tally: Tally, existing: string[], wanted: string[]) => {
  const kept = new Set(wanted);
  const removed = existing.filter((uuid) => !kept.has(uuid));
  const present = new Set(existing);
  for (const uuid of wanted) {
    if (present.has(uuid)) tally.updated += 1;
    else tally.created += 1;
  }
  tally.removed += removed.length;
  return removed;
};

/**
 * A mission or objective keeps its parent for life: results and solves refer to it, and a
 * uuid that appears under another chapter is far more often a copy-paste than a move.
 */
const findOwnershipConflicts = async (db: Kysely<Database>, packs: readonly LoadedPack[]) => {
  const missionOf = new Map<
    string,
    { chapter: string; pack: LoadedPack; path: PackPathSegment[] }
  >();
  const objectiveOf = new Map<
    string,
    { mission: string; pack: LoadedPack; path: PackPathSegment[] }
  >();
  for (const loaded of packs) {
    loaded.pack.chapter.missions.forEach((mission, m) => {
      missionOf.set(mission.uuid, {
        chapter: loaded.pack.chapter.uuid,
        pack: loaded,
        path: ['chapter', 'missions', m, 'uuid'],
      });
      mission.objectives.forEach((objective, o) => {
        objectiveOf.set(objective.uuid, {
          mission: mission.uuid,
          pack: loaded,
          path: ['chapter', 'missions', m, 'objectives', o, 'uuid'],
        });
      });
    });
  }

  const errors: PackError[] = [];
  const conflict = (pack: LoadedPack, path: PackPathSegment[], message: string) =>
    errors.push({ file: pack.file, path: formatPackPath(path), message, ...pack.locate(path) });

  for (const row of await repo.findMissionOwners(db, [...missionOf.keys()])) {
    const wanted = missionOf.get(row.uuid)!;
    if (row.chapter_uuid !== wanted.chapter) {
      conflict(
        wanted.pack,
        wanted.path,
        `mission ${row.uuid} ("${row.title.en}") already belongs to chapter ${row.chapter_uuid} in the database; give this mission a new uuid`,
      );
    }
  }
  for (const row of await repo.findObjectiveOwners(db, [...objectiveOf.keys()])) {
    const wanted = objectiveOf.get(row.uuid)!;
    if (row.mission_uuid !== wanted.mission) {
      conflict(
        wanted.pack,
        wanted.path,
        `objective ${row.uuid} ("${row.title.en}") already belongs to mission ${row.mission_uuid} in the database; give this objective a new uuid`,
      );
    }
  }
  // A mission gaming sessions played stays: its sessions, teams and scores refer to it.
  const kept = new Set(missionOf.keys());
  const played = await repo.findPlayedMissions(
    db,
    packs.map((loaded) => loaded.pack.chapter.uuid),
  );
  for (const row of played.filter((mission) => !kept.has(mission.uuid))) {
    const loaded = packs.find((candidate) => candidate.pack.chapter.uuid === row.chapter_uuid)!;
    conflict(
      loaded,
      ['chapter', 'missions'],
      `mission ${row.uuid} ("${row.title.en}") is played in ${Number(row.sessions)} gaming session(s) and cannot be removed; keep it in the pack`,
    );
  }
  // Nor can a played mission lose an objective: teams' states and scores refer to it.
  const keptObjectives = new Set(objectiveOf.keys());
  for (const row of played.filter((mission) => kept.has(mission.uuid))) {
    const wanted = missionOf.get(row.uuid)!;
    for (const objectiveUuid of await repo.listObjectiveUuids(db, row.uuid)) {
      if (keptObjectives.has(objectiveUuid)) continue;
      conflict(
        wanted.pack,
        wanted.path.slice(0, -1),
        `objective ${objectiveUuid} of mission ${row.uuid} is played in ${Number(row.sessions)} gaming session(s) and cannot be removed; keep it in the pack`,
      );
    }
  }
  return errors;
};

const writeChapter = async (db: Kysely<Database>, loaded: LoadedPack, summary: ImportSummary) => {
  const { chapter } = loaded.pack;
  const exists = (await repo.findChapterUuids(db, [chapter.uuid])).has(chapter.uuid);
  summary.chapters[exists ? 'updated' : 'created'] += 1;
  await repo.upsertChapter(db, {
    uuid: chapter.uuid,
    position: chapter.position,
    title: json(chapter.title),
    summary: json(chapter.summary),
    visibility: chapter.visibility,
  });

  const missionUuids = chapter.missions.map((mission) => mission.uuid);
  const existingMissions = await repo.listMissionUuids(db, chapter.uuid);
  await repo.deleteMissions(db, reconcile(summary.missions, existingMissions, missionUuids));
  await repo.parkMissionPositions(db, chapter.uuid);

  for (const [m, mission] of chapter.missions.entries()) {
    await repo.upsertMission(db, missionRow(mission, chapter.uuid, m));
    const objectiveUuids = mission.objectives.map((objective) => objective.uuid);
    const existingObjectives = await repo.listObjectiveUuids(db, mission.uuid);
    await repo.deleteObjectives(
      db,
      reconcile(summary.objectives, existingObjectives, objectiveUuids),
    );
    await repo.parkObjectivePositions(db, mission.uuid);

    for (const [o, objective] of mission.objectives.entries()) {
      await repo.upsertObjective(db, objectiveRow(objective, mission.uuid, o));
      const files = (loaded.files.get(objective.uuid) ?? []).map((file, f) =>
        fileRow(file, objective.uuid, f),
      );
      const existingFiles = await repo.listFileUuids(db, objective.uuid);
      await repo.deleteFiles(
        db,
        reconcile(
          summary.files,
          existingFiles,
          files.map((file) => file.uuid),
        ),
      );
      for (const file of files) await repo.upsertFile(db, file);

      const hints = objective.hints.map((hint, h) => ({
        uuid: hint.uuid ?? derivedHintUuid(objective.uuid, h),
        objective_uuid: objective.uuid,
        position: h,
        text: json(hint.text),
        cost: hint.cost,
      }));
      const existingHints = await repo.listHintUuids(db, objective.uuid);
      const keptHints = new Set(hints.map((hint) => hint.uuid));
      await repo.replaceHints(
        db,
        objective.uuid,
        existingHints.filter((uuid) => !keptHints.has(uuid)),
      );
      for (const [h, hint] of hints.entries()) {
        await repo.upsertHint(db, hint);
        // A hint's files are written again whole: they go with their hint, nothing else points
        // to them (an unlock points to the hint), so a plain replacement loses nothing.
        if (!loaded.hintFiles) continue;
        const hintFiles = loaded.hintFiles.get(objective.uuid)?.[h] ?? [];
        await repo.replaceHintFiles(
          db,
          hint.uuid,
          hintFiles.map((file, f) => {
            const { objective_uuid: _objective, ...row } = fileRow(file, hint.uuid, f);
            return { ...row, hint_uuid: hint.uuid };
          }),
        );
      }
    }
  }
};

/** Thrown to roll a dry run's transaction back, carrying what it would have done. */
class RolledBack extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

/**
 * Writes packs read by the pack reader in the caller's transaction, or reports the conflicts
 * that keep them out (found before anything is written). For a caller whose transaction does
 * more than the import (a chapter saved from the trainer's screen checks its revision first and
 * announces the change to the games in play).
 */
export const writePacks = async (
  trx: Transaction<Database>,
  packs: readonly LoadedPack[],
): Promise<ImportResult> => {
  const conflicts = await findOwnershipConflicts(trx, packs);
  if (conflicts.length > 0) return { ok: false, errors: conflicts };
  const summary: ImportSummary = {
    chapters: emptyTally(),
    missions: emptyTally(),
    objectives: emptyTally(),
    files: emptyTally(),
    chapterUuids: packs.map((loaded) => loaded.pack.chapter.uuid),
  };
  for (const loaded of packs) await writeChapter(trx, loaded, summary);
  return { ok: true, summary };
};

/**
 * Imports packs read by the pack reader, all in one transaction: a pack that cannot be written
 * leaves the database as it was, the packs before it included.
 *
 * Idempotent by uuid: a chapter imported again is updated in place; its missions, objectives and
 * files the pack no longer has are deleted (with the players' results of a deleted mission).
 * Assignments of the chapter stay.
 */
export const createContentImportService = ({ db }: { db: Kysely<Database> }) => ({
  /** `dryRun`: everything is written and checked, then rolled back; the summary is the same. */
  importPacks: async (
    packs: readonly LoadedPack[],
    options: { dryRun?: boolean } = {},
  ): Promise<ImportResult> => {
    try {
      return await db.transaction().execute(async (trx): Promise<ImportResult> => {
        const result = await writePacks(trx, packs);
        if (result.ok && options.dryRun) throw new RolledBack(result.summary);
        return result;
      });
    } catch (error) {
      if (error instanceof RolledBack) return { ok: true, summary: error.summary };
      throw error;
    }
  },
});

export type ContentImportService = ReturnType<typeof createContentImportService>;
