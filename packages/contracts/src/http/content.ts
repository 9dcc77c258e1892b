import { z } from 'zod';
import {
  chapterVisibilities,
  difficultySchema,
  localizedTextSchema,
  missionResults,
  objectiveCategories,
  objectiveTypes,
  successRuleSchema,
} from '../domain/content.js';
import { contentPackSchema } from '../content/pack.js';
import { sessionStatusSchema } from '../domain/session.js';
import { defineRoute } from './route.js';
import { localeSchema } from './system.js';

/**
 * Content as players read it: texts resolved to one language (`?locale=`, else the account's),
 * and never an answer. Trainers read both languages and the answers (`/api/trainer/...`).
 */
const uuid = z.uuid();

/** `?locale=fr|en`: the language of the texts; the account's language when absent. */
export const contentQuery = z.object({ locale: localeSchema.optional() });

/** A gaming session as home and the current-sessions screen list it (filled by sessions). */
export const sessionSummarySchema = z.object({
  uuid,
  name: z.string(),
  status: sessionStatusSchema,
  missionUuid: uuid,
  missionTitle: z.string(),
  teamsCount: z.number().int().nonnegative(),
  maxTeams: z.number().int().positive(),
  playersPerTeam: z.number().int().positive(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  /** The player's team's solved objectives (0 in sessions to join or without a team). */
  completed_objectives: z.number().int().nonnegative(),
  total_objectives: z.number().int().nonnegative(),
  progress_percentage: z.number().int().min(0).max(100),
  /** The player's team's rank once play began; null before, without a team, or to join. */
  rank: z.number().int().positive().nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** How a run of an excerpt's text is drawn, outermost first: bold, italic, struck, as code. */
export const textMarks = ['strong', 'em', 'del', 'code'] as const;
export type TextMark = (typeof textMarks)[number];

/** A run of text and its marks, plain text: nothing in it is markup. */
export const textRunSchema = z.object({ text: z.string(), marks: z.array(z.enum(textMarks)) });
export type TextRun = z.infer<typeof textRunSchema>;

export const chapterSummarySchema = z.object({
  chapter_uuid: uuid,
  title: z.string(),
  /** Markdown. */
  summary: z.string(),
  /**
   * The summary's first paragraph as inline text (links as their words; no image, note or raw
   * HTML), in runs: what a chapter's card shows, with no Markdown left to parse.
   */
  excerpt: z.array(textRunSchema),
  visibility: z.enum(chapterVisibilities),
  assigned: z.boolean(),
  assignedAt: z.iso.datetime().nullable(),
  missionCount: z.number().int().nonnegative(),
  objectiveCount: z.number().int().nonnegative(),
  totalPoints: z.number().int().nonnegative(),
  /** The easiest and hardest mission. */
  difficulty: z.object({ min: difficultySchema, max: difficultySchema }),
  categories: z.array(z.enum(objectiveCategories)),
  /** Missions this player has succeeded at least once. */
  completedMissions: z.number().int().nonnegative(),
});
export type ChapterSummary = z.infer<typeof chapterSummarySchema>;

export const ongoingMissionSchema = z.object({
  missionUuid: uuid,
  missionTitle: z.string(),
  chapter_uuid: uuid,
  chapterTitle: z.string(),
  sessionUuid: uuid,
  sessionStatus: sessionSummarySchema.shape.status,
});

export const getHome = defineRoute({
  method: 'GET',
  path: '/api/home',
  summary: 'Home: chapters, assigned chapters, ongoing missions and sessions, joinable sessions',
  tag: 'content',
  access: 'player',
  query: contentQuery,
  responses: {
    200: z.object({
      locale: localeSchema,
      /** Every chapter this player may open: the open ones and the ones assigned to them. */
      chapters: z.array(chapterSummarySchema),
      /** The chapters a trainer assigned to this player, most recent first. */
      assignedChapters: z.array(chapterSummarySchema),
      ongoingMissions: z.array(ongoingMissionSchema),
      ongoingSessions: z.array(sessionSummarySchema),
      joinableSessions: z.array(sessionSummarySchema),
    }),
  },
});

/** An objective as a player sees it before playing: what it is, never how to solve it. */
export const objectivePreviewSchema = z.object({
  uuid,
  title: z.string(),
  category: z.enum(objectiveCategories),
  difficulty: difficultySchema,
  points: z.number().int().nonnegative(),
  type: z.enum(objectiveTypes),
  locked: z.boolean(),
  speedrun: z.boolean(),
  firstBloodBonus: z.number().int().nonnegative(),
});

export const attachmentSchema = z.object({
  uuid,
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  /** Where a player downloads it (only while they may see the objective). */
  url: z.string(),
});

export const chapterMissionSchema = z.object({
  uuid,
  position: z.number().int(),
  title: z.string(),
  /** Markdown, each. */
  brief: z.string(),
  scenario: z.string(),
  rules: z.string(),
  difficulty: difficultySchema,
  durationMinutes: z.number().int().positive(),
  /** The sum of the objectives' points. */
  points: z.number().int().nonnegative(),
  objectiveCount: z.number().int().nonnegative(),
  /** How many objectives are flags to find. */
  flagCount: z.number().int().nonnegative(),
  categories: z.array(z.enum(objectiveCategories)),
  successRule: successRuleSchema,
  objectives: z.array(objectivePreviewSchema),
  /** This player's best score on the mission, `null` before a first session. */
  bestScore: z.number().int().nullable(),
  result: z.enum(missionResults).nullable(),
});

export const getChapter = defineRoute({
  method: 'GET',
  path: '/api/chapters/{uuid}',
  summary: 'A chapter with its missions in order and the caller’s best scores and results',
  tag: 'content',
  access: 'player',
  params: z.object({ uuid }),
  query: contentQuery,
  responses: {
    200: z.object({
      locale: localeSchema,
      chapter: chapterSummarySchema.extend({ missions: z.array(chapterMissionSchema) }),
    }),
    404: null,
  },
});

export const getObjectiveFile = defineRoute({
  method: 'GET',
  path: '/api/objectives/{objectiveUuid}/files/{fileUuid}',
  summary: 'Downloads a file attached to an objective the caller may see',
  tag: 'content',
  access: 'player',
  params: z.object({ objectiveUuid: uuid, fileUuid: uuid }),
  produces: 'application/octet-stream',
  responses: { 200: null, 404: null },
});

// Trainers -------------------------------------------------------------------------------------

export const trainerChapterSchema = z.object({
  chapter_uuid: uuid,
  title: localizedTextSchema,
  visibility: z.enum(chapterVisibilities),
  position: z.number().int(),
  missions: z.array(
    z.object({
      uuid,
      title: localizedTextSchema,
      difficulty: difficultySchema,
      objectiveCount: z.number().int().nonnegative(),
      points: z.number().int().nonnegative(),
    }),
  ),
  /** Players this chapter is assigned to. */
  assignees: z.array(z.object({ id: uuid, username: z.string(), pseudo: z.string() })),
});

export const getTrainerChapters = defineRoute({
  method: 'GET',
  path: '/api/trainer/chapters',
  summary: 'Every chapter with its missions and the players it is assigned to',
  tag: 'content',
  access: 'trainer',
  responses: { 200: z.object({ chapters: z.array(trainerChapterSchema) }) },
});

export const putChapterAssignments = defineRoute({
  method: 'PUT',
  path: '/api/trainer/chapters/{uuid}/assignments',
  summary:
    'Sets the players a chapter is assigned to; newly assigned players are told on their stream',
  tag: 'content',
  access: 'trainer',
  params: z.object({ uuid }),
  body: z.object({ playerIds: z.array(uuid).max(5000) }).strict(),
  responses: {
    200: z.object({ chapter: trainerChapterSchema }),
    404: null,
    422: null,
  },
});

export const getTrainerMissions = defineRoute({
  method: 'GET',
  path: '/api/trainer/missions',
  summary: 'Every mission, with its chapter',
  tag: 'content',
  access: 'trainer',
  responses: {
    200: z.object({
      missions: z.array(
        z.object({
          uuid,
          chapter_uuid: uuid,
          chapterTitle: localizedTextSchema,
          title: localizedTextSchema,
          difficulty: difficultySchema,
          durationMinutes: z.number().int().positive(),
          objectiveCount: z.number().int().nonnegative(),
          points: z.number().int().nonnegative(),
        }),
      ),
    }),
  },
});

/** A mission as its pack describes it, answers included, with the attached files' metadata. */
export const trainerMissionSchema = contentPackSchema.shape.chapter.shape.missions.element.extend({
  chapter_uuid: uuid,
  position: z.number().int(),
  objectives: z.array(
    contentPackSchema.shape.chapter.shape.missions.element.shape.objectives.element
      .omit({ files: true })
      .extend({ files: z.array(attachmentSchema) }),
  ),
});

export const getTrainerObjectiveFile = defineRoute({
  method: 'GET',
  path: '/api/trainer/objectives/{objectiveUuid}/files/{fileUuid}',
  summary: 'Downloads a file attached to any objective (trainers)',
  tag: 'content',
  access: 'trainer',
  params: z.object({ objectiveUuid: uuid, fileUuid: uuid }),
  produces: 'application/octet-stream',
  responses: { 200: null, 404: null },
});

export const getTrainerMission = defineRoute({
  method: 'GET',
  path: '/api/trainer/missions/{uuid}',
  summary: 'A mission with its objectives and their answers (trainers only)',
  tag: 'content',
  access: 'trainer',
  params: z.object({ uuid }),
  responses: { 200: z.object({ mission: trainerMissionSchema }), 404: null },
});

export const contentRoutes = [
  getHome,
  getChapter,
  getObjectiveFile,
  getTrainerChapters,
  putChapterAssignments,
  getTrainerMissions,
  getTrainerMission,
  getTrainerObjectiveFile,
] as const;
