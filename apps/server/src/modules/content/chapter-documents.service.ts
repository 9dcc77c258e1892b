import { createHash } from 'node:crypto';
import {
  contentPackSchema,
  isClosedStatus,
  type ContentPack,
  type EditableChapter,
  type LiveSession,
} from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { trainerFileUrl } from './attachments.js';
import * as authoring from './content-authoring.repository.js';
import {
  announceObjectiveUpdates,
  playerViewOf,
  type SessionStatusOf,
} from './objective-updates.js';
import { writePacks } from './pack/content-import.service.js';
import { loadStoredChapter } from './pack/content-export.service.js';
import { formatPackPath } from './pack/pack-error.js';
import type { LoadedFile } from './pack/pack-files.js';
import { checkPackData } from './pack/pack-reader.js';
import { buildPackDocument, type StoredChapter } from './pack/pack-writer.js';

/** Files are not part of a chapter document: they travel apart and a save keeps them. */
const withoutFiles = (data: unknown): unknown => {
  if (!isRecord(data) || !isRecord(data.chapter) || !Array.isArray(data.chapter.missions))
    return data;
  return {
    ...data,
    chapter: {
      ...data.chapter,
      missions: data.chapter.missions.map((mission: unknown) =>
        isRecord(mission) && Array.isArray(mission.objectives)
          ? {
              ...mission,
              objectives: mission.objectives.map((objective: unknown) =>
                isRecord(objective)
                  ? {
                      ...objective,
                      files: [],
                      ...(Array.isArray(objective.hints)
                        ? {
                            hints: objective.hints.map((hint: unknown) =>
                              isRecord(hint) ? { ...hint, files: [] } : hint,
                            ),
                          }
                        : {}),
                    }
                  : objective,
              ),
            }
          : mission,
      ),
    },
  };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored chapter as a pack, defaults filled in and without files. */
const packOf = (stored: StoredChapter): ContentPack =>
  contentPackSchema.parse(withoutFiles(buildPackDocument(stored)));

/** A revision names the document's content: equal documents, equal revisions. */
const revisionOf = (stored: StoredChapter) =>
  createHash('sha256')
    .update(JSON.stringify(packOf(stored)))
    .digest('hex')
    .slice(0, 32);

const invalid = (issues: { path: (string | number)[]; message: string }[]) =>
  new AppError(
    'content.pack_invalid',
    'The chapter has problems: nothing was saved.',
    issues.map((issue) => ({ path: formatPackPath(issue.path), message: issue.message })),
  );

/**
 * Chapters edited whole on the trainer's screen. A save is a pack import of one document (same
 * checks, same importer, all or nothing), so the screen and `npm run content` cannot disagree.
 * Missions that sessions play now are edited forward (content/README.md, "Content in play"):
 * answers already judged stay judged, later answers meet the new version.
 */
export const createChapterDocumentsService = (deps: {
  db: Kysely<Database>;
  clock: Clock;
  events: EventWriter;
  statusOf: SessionStatusOf;
}) => {
  const { db } = deps;

  const liveSessions = async (
    chapterUuid: string,
    missionUuids?: ReadonlySet<string>,
  ): Promise<LiveSession[]> => {
    const [rows, now] = await Promise.all([
      authoring.listUnstoppedSessionsOfChapter(db, chapterUuid),
      deps.clock.now(),
    ]);
    return rows
      .filter((row) => !missionUuids || missionUuids.has(row.mission_uuid))
      .map((row) => ({
        uuid: row.uuid,
        name: row.name,
        status: deps.statusOf(row, now),
        missionUuid: row.mission_uuid,
      }))
      .filter((session) => !isClosedStatus(session.status));
  };

  return {
    async read(principal: Principal, chapterUuid: string) {
      requireCapability(principal, 'content.author');
      const stored = await loadStoredChapter(db, chapterUuid);
      if (!stored) throw new AppError('content.chapter_not_found');
      const pack = packOf(stored);
      const document: EditableChapter = {
        ...pack,
        chapter: {
          ...pack.chapter,
          missions: pack.chapter.missions.map((mission) => ({
            ...mission,
            objectives: mission.objectives.map((objective) => ({
              ...objective,
              files: stored.files
                .filter((file) => file.objective_uuid === objective.uuid)
                .sort((a, b) => a.position - b.position)
                .map((file) => ({
                  uuid: file.uuid,
                  name: file.name,
                  size: file.size,
                  contentType: file.content_type,
                  url: trainerFileUrl(objective.uuid, file.uuid),
                })),
            })),
          })),
        },
      };
      return {
        document,
        revision: revisionOf(stored),
        liveSessions: await liveSessions(chapterUuid),
      };
    },

    /** `revision`: the one read, or `null` to create the chapter. */
    async save(
      principal: Principal,
      chapterUuid: string,
      input: { document: unknown; revision: string | null },
    ) {
      requireCapability(principal, 'content.author');
      const checked = checkPackData(withoutFiles(input.document));
      const issues = [...checked.issues];
      if (checked.pack && checked.pack.chapter.uuid.toLowerCase() !== chapterUuid.toLowerCase()) {
        issues.push({
          path: ['chapter', 'uuid'],
          message: `must be the uuid of the chapter being saved (${chapterUuid})`,
        });
      }
      if (!checked.pack || issues.length > 0) throw invalid(issues);
      const pack = checked.pack;

      // Filled inside the save's transaction, after the chapter is locked: a file attached
      // meanwhile is kept, not lost to a save that did not know it.
      const files = new Map<string, LoadedFile[]>();
      const edited = new Set<string>();
      // Read before the save's transaction: the time may come from the database, whose one
      // connection (the embedded one) that transaction holds.
      const now = await deps.clock.now();
      const summary = await deps.events.transaction(async (tx) => {
        const { trx } = tx;
        await authoring.lockChapter(trx, chapterUuid);
        const stored = await loadStoredChapter(trx, chapterUuid);
        if (!stored && input.revision !== null) throw new AppError('content.chapter_not_found');
        if (stored && revisionOf(stored) !== input.revision)
          throw new AppError('content.edit_conflict');
        const storedMissions = stored ? packOf(stored).chapter.missions : [];
        const before = new Map(
          storedMissions.map((mission) => [mission.uuid, JSON.stringify(mission)]),
        );
        for (const mission of pack.chapter.missions) {
          if (before.get(mission.uuid) !== JSON.stringify(mission)) edited.add(mission.uuid);
        }
        // Objectives as their players saw them before the save, to tell the games in play.
        const shownBefore = new Map<string, string>();
        for (const mission of storedMissions)
          for (const objective of mission.objectives)
            shownBefore.set(objective.uuid, playerViewOf(objective));
        for (const file of stored?.files ?? []) {
          const kept = files.get(file.objective_uuid) ?? [];
          kept.push({
            name: file.name,
            packPath: file.pack_path,
            contentType: file.content_type,
            size: file.size,
            sha256: file.sha256,
            content: Buffer.from(file.content),
          });
          files.set(file.objective_uuid, kept);
        }

        const result = await writePacks(trx, [
          { file: 'document', directory: '', pack, files, locate: () => undefined },
        ]);
        if (!result.ok) {
          throw new AppError(
            'content.pack_invalid',
            'The chapter has problems: nothing was saved.',
            result.errors.map((error) => ({ path: error.path, message: error.message })),
          );
        }
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'content.chapter_saved',
          targetUuid: chapterUuid,
          details: { title: pack.chapter.title.en, ...result.summary },
        });
        const changed = pack.chapter.missions.flatMap((mission) =>
          mission.objectives
            .filter((objective) => {
              const shown = shownBefore.get(objective.uuid);
              return shown !== undefined && shown !== playerViewOf(objective);
            })
            .map((objective) => ({ uuid: objective.uuid, missionUuid: mission.uuid })),
        );
        await announceObjectiveUpdates(tx, changed, now, deps.statusOf);
        return result.summary;
      });
      const stored = await loadStoredChapter(db, chapterUuid);
      return {
        import: { dryRun: false, ...summary },
        revision: stored ? revisionOf(stored) : '',
        liveSessions: await liveSessions(chapterUuid, edited),
      };
    },

    /** Only a chapter no session ever used: results and debriefs refer to its missions. */
    async remove(principal: Principal, chapterUuid: string) {
      requireCapability(principal, 'content.author');
      await db.transaction().execute(async (trx) => {
        if (!(await authoring.lockChapter(trx, chapterUuid)))
          throw new AppError('content.chapter_not_found');
        if (await authoring.chapterHasSessions(trx, chapterUuid))
          throw new AppError('content.chapter_in_use');
        const stored = await loadStoredChapter(trx, chapterUuid);
        await authoring.deleteChapterRow(trx, chapterUuid);
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'content.chapter_deleted',
          targetUuid: chapterUuid,
          details: { title: stored?.chapter.title.en ?? '' },
        });
      });
    },
  };
};

export type ChapterDocumentsService = ReturnType<typeof createChapterDocumentsService>;
