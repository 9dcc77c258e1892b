import type { getHome, Locale } from '@rampart/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { userStream } from '../../realtime/streams.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import {
  buildChapterViews,
  byAssignmentDateDescending,
  byPositionThenTitle,
  mayOpenChapter,
  type PlayerChapterRow,
} from './chapter-view.js';
import type { ContentRepository } from './content.repository.js';
import { createTrainerContent } from './trainer-content.service.js';

type HomeBody = z.input<(typeof getHome)['responses'][200]>;
type SessionListings = Pick<HomeBody, 'ongoingMissions' | 'ongoingSessions' | 'joinableSessions'>;

/**
 * What content needs from gaming sessions, which are built on top of it: the sessions a player
 * sees on the home screen, and whether an objective is open to them in a game they are playing
 * (not locked, a prerequisite solved by their team, or a trainer's unlock).
 */
export interface ContentSessions {
  homeListings(principal: Principal, locale: Locale): Promise<SessionListings>;
  isObjectiveOpenInPlay(principal: Principal, objectiveUuid: string): Promise<boolean>;
  /** Counts the player's sessions that ended into their best scores, before they are shown. */
  settleResults(accountId: string): Promise<void>;
}

/**
 * What content falls back to when built without the game's modules: no session to list, and a
 * locked objective stays locked.
 */
export const noContentSessions: ContentSessions = {
  homeListings: async () => ({ ongoingMissions: [], ongoingSessions: [], joinableSessions: [] }),
  isObjectiveOpenInPlay: async () => false,
  settleResults: async () => undefined,
};

export interface DownloadableFile {
  name: string;
  contentType: string;
  size: number;
  content: Uint8Array;
}

export const createContentService = (deps: {
  repo: ContentRepository;
  clock: Clock;
  events: EventWriter;
  sessions?: ContentSessions;
}) => {
  const { repo, clock, events } = deps;
  const sessions = deps.sessions ?? noContentSessions;

  /** The chapters, in one language, with their missions and this player's results. */
  const viewsOf = async (
    chapters: readonly PlayerChapterRow[],
    accountId: string,
    locale: Locale,
  ) => {
    const [missions] = await Promise.all([
      repo.listMissionsOfChapters(chapters.map((chapter) => chapter.uuid)),
      sessions.settleResults(accountId),
    ]);
    const missionUuids = missions.map((mission) => mission.uuid);
    const [objectives, results] = await Promise.all([
      repo.listObjectivePreviews(missionUuids),
      repo.listPlayerResults(accountId, missionUuids),
    ]);
    return buildChapterViews({ chapters, missions, objectives, results }, locale);
  };

  const trainer = createTrainerContent({ repo });

  return {
    async home(principal: Principal, locale: Locale): Promise<HomeBody> {
      requireCapability(principal, 'game.play');
      const chapters = await repo.listChaptersForPlayer(principal.accountId);
      const views = await viewsOf(chapters, principal.accountId, locale);
      const listings = await sessions.homeListings(principal, locale);
      return {
        locale,
        chapters: views.toSorted(byPositionThenTitle(locale)).map((view) => view.summary),
        assignedChapters: views
          .filter((view) => view.summary.assigned)
          .sort(byAssignmentDateDescending)
          .map((view) => view.summary),
        ...listings,
      };
    },

    /**
     * An unknown chapter and one assigned to other players get the same 404: a player cannot
     * tell whether a uuid exists.
     */
    async chapter(principal: Principal, chapterUuid: string, locale: Locale) {
      requireCapability(principal, 'game.play');
      const chapter = await repo.findChapterForPlayer(chapterUuid, principal.accountId);
      if (!chapter || !mayOpenChapter(chapter)) throw new AppError('content.chapter_not_found');
      const [view] = await viewsOf([chapter], principal.accountId, locale);
      if (!view) throw new AppError('content.chapter_not_found');
      return { locale, chapter: { ...view.summary, missions: view.missions } };
    },

    /**
     * A file downloads while its objective is visible to the player: an objective that is not
     * locked, of a chapter theirs to open (its page lists the file), or one open to them in a
     * game they are playing now, whoever assigned its chapter (a trainer's session may use a
     * chapter the player was never given). A locked objective opened in a past game is locked
     * again outside it. Anything else, including a file of another objective, is the same 404 as
     * a file that does not exist.
     */
    async objectiveFile(
      principal: Principal,
      objectiveUuid: string,
      fileUuid: string,
    ): Promise<DownloadableFile> {
      requireCapability(principal, 'game.play');
      const access = await repo.findFileAccessForPlayer(
        objectiveUuid,
        fileUuid,
        principal.accountId,
      );
      const visible =
        access !== undefined &&
        ((mayOpenChapter(access) && !access.locked) ||
          (await sessions.isObjectiveOpenInPlay(principal, objectiveUuid)));
      const file = visible ? await repo.findFile(objectiveUuid, fileUuid) : undefined;
      if (!file) throw new AppError('content.file_not_found');
      return toDownloadable(file);
    },

    trainerChapters: async (principal: Principal) => {
      requireCapability(principal, 'content.assign');
      return { chapters: await trainer.chapters() };
    },

    /**
     * Replaces the set of players a chapter is assigned to. The change and the events telling
     * each added or removed player commit together; nothing is written when an id is unknown.
     */
    async setAssignments(principal: Principal, chapterUuid: string, playerIds: readonly string[]) {
      requireCapability(principal, 'content.assign');
      const wanted = [...new Set(playerIds)];
      await events.transaction(async ({ trx, append }) => {
        const chapter = await repo.lockChapter(chapterUuid, trx);
        if (!chapter) throw new AppError('content.chapter_not_found');
        const players = new Set(await repo.findPlayerIds(wanted, trx));
        const unknown = playerIds
          .map((id, index) => ({ id, index }))
          .filter(({ id }) => !players.has(id));
        if (unknown.length > 0) {
          throw new AppError(
            'content.unknown_players',
            undefined,
            unknown.map(({ id, index }) => ({
              path: `body.playerIds.${index}`,
              message: `No player account has the id ${id}.`,
            })),
          );
        }
        const current = new Set(await repo.listAssignedIds(chapterUuid, trx));
        const added = wanted.filter((id) => !current.has(id));
        const removed = [...current].filter((id) => !players.has(id));
        await repo.deleteAssignments(chapterUuid, removed, trx);
        const at = await clock.now(trx);
        await repo.insertAssignments(
          added.map((accountId) => ({
            chapterUuid,
            accountId,
            assignedBy: principal.accountId,
            at,
          })),
          trx,
        );
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'chapter.assigned',
          targetUuid: chapterUuid,
          details: { added, removed },
        });
        // Appended last and in one order (by account id), so the per-stream locks are held
        // briefly and two concurrent changes cannot wait on each other's streams.
        const told = [...added, ...removed].sort();
        for (const id of told) {
          const target = { stream: userStream(id), audience: `user:${id}` } as const;
          await append(
            current.has(id)
              ? { ...target, type: 'chapter.unassigned', payload: { chapterUuid } }
              : {
                  ...target,
                  type: 'chapter.assigned',
                  payload: { chapterUuid, title: chapter.title },
                },
          );
        }
      });
      const chapter = await trainer.chapter(chapterUuid);
      if (!chapter) throw new AppError('content.chapter_not_found');
      return { chapter };
    },

    trainerMissions: async (principal: Principal) => {
      requireCapability(principal, 'content.author');
      return { missions: await trainer.missions() };
    },

    async trainerMission(principal: Principal, missionUuid: string) {
      requireCapability(principal, 'content.author');
      const mission = await trainer.mission(missionUuid);
      if (!mission) throw new AppError('content.mission_not_found');
      return { mission };
    },

    async trainerObjectiveFile(
      principal: Principal,
      objectiveUuid: string,
      fileUuid: string,
    ): Promise<DownloadableFile> {
      requireCapability(principal, 'content.author');
      const file = await repo.findFile(objectiveUuid, fileUuid);
      if (!file) throw new AppError('content.file_not_found');
      return toDownloadable(file);
    },
  };
};

/** A stored file's row as the download routes send it. */
export const toDownloadable = (file: {
  name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
}): DownloadableFile => ({
  name: file.name,
  contentType: file.content_type,
  size: file.size,
  content: file.content,
});

export type ContentService = ReturnType<typeof createContentService>;
