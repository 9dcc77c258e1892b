import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import * as repo from './content-pack.repository.js';
import { PACK_DOCUMENT } from './pack-reader.js';
import { buildPackDocument, stringifyPackDocument, type StoredChapter } from './pack-writer.js';

export type ExportResult =
  | { ok: true; written: string[] }
  | { ok: false; reason: 'chapter_not_found' | 'directory_not_empty' }
  | { ok: false; reason: 'unsafe_file'; packPath: string; message: string };

const isEmptyDirectory = async (directory: string) => {
  try {
    return (await fs.readdir(directory)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

/** The files of a chapter by pack path; the same file may be attached to several objectives. */
const filesByPackPath = (
  stored: StoredChapter,
): { files: Map<string, { sha256: string; content: Uint8Array }> } | { conflict: string } => {
  const files = new Map<string, { sha256: string; content: Uint8Array }>();
  for (const file of [...stored.files, ...stored.hintFiles]) {
    const other = files.get(file.pack_path);
    if (other && other.sha256 !== file.sha256) return { conflict: file.pack_path };
    files.set(file.pack_path, file);
  }
  return { files };
};

/** A chapter with everything it holds, as stored; in the caller's transaction when given one. */
export const loadStoredChapter = async (
  db: Kysely<Database>,
  uuid: string,
): Promise<StoredChapter | null> => {
  const chapter = await repo.findChapter(db, uuid);
  if (!chapter) return null;
  const missions = await repo.listMissionsOfChapter(db, uuid);
  const objectives = await repo.listObjectivesOfMissions(
    db,
    missions.map((mission) => mission.uuid),
  );
  const files = await repo.listFilesOfObjectives(
    db,
    objectives.map((objective) => objective.uuid),
  );
  const hints = await repo.listHintsOfObjectives(
    db,
    objectives.map((objective) => objective.uuid),
  );
  const hintFiles = await repo.listHintFilesOfObjectives(
    db,
    objectives.map((objective) => objective.uuid),
  );
  return { chapter, missions, objectives, files, hints, hintFiles };
};

/** Writes stored chapters back as packs: the same layout and document an import reads. */
export const createContentExportService = ({ db }: { db: Kysely<Database> }) => {
  const loadChapter = (uuid: string) => loadStoredChapter(db, uuid);

  /**
   * Writes `chapter.yaml` and the attached files into `directory`, which must be empty or absent
   * unless `overwrite` (files the chapter no longer has are then left where they are).
   */
  const exportChapter = async (
    uuid: string,
    directory: string,
    options: { overwrite?: boolean } = {},
  ): Promise<ExportResult> => {
    const stored = await loadChapter(uuid);
    if (!stored) return { ok: false, reason: 'chapter_not_found' };
    if (!options.overwrite && !(await isEmptyDirectory(directory)))
      return { ok: false, reason: 'directory_not_empty' };

    const byPath = filesByPackPath(stored);
    if ('conflict' in byPath) {
      return {
        ok: false,
        reason: 'unsafe_file',
        packPath: byPath.conflict,
        message: 'two different files have this pack path',
      };
    }
    const root = path.resolve(directory);
    const targets: [string, Uint8Array][] = [];
    for (const [packPath, file] of byPath.files) {
      // Imported paths were checked, but rows may come from elsewhere: never write outside.
      const target = path.resolve(root, packPath);
      const relative = path.relative(root, target);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
        return {
          ok: false,
          reason: 'unsafe_file',
          packPath,
          message: 'points outside the pack directory',
        };
      }
      targets.push([target, file.content]);
    }

    await fs.mkdir(root, { recursive: true });
    const document = path.join(root, PACK_DOCUMENT);
    await fs.writeFile(document, stringifyPackDocument(buildPackDocument(stored)));
    for (const [target, content] of targets) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, content);
    }
    return { ok: true, written: [document, ...targets.map(([target]) => target)] };
  };

  return { loadChapter, exportChapter };
};

export type ContentExportService = ReturnType<typeof createContentExportService>;
