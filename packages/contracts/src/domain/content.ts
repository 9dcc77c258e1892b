import { z } from 'zod';
import type { Locale } from '../http/system.js';

/**
 * The content model: chapters made of ordered missions, missions made of objectives.
 * Every text a player reads exists in both languages; the API resolves it to one language per
 * request, content packs and trainer payloads carry both.
 */
export const localizedTextSchema = z.object({
  fr: z.string().trim().min(1, { error: 'must not be empty' }).max(20_000),
  en: z.string().trim().min(1, { error: 'must not be empty' }).max(20_000),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const pickLocale = (text: LocalizedText, locale: Locale): string => text[locale];

/** Difficulty 1–5; the web catalogue words each level (`content.difficulty.<n>`). */
export const difficulties = [1, 2, 3, 4, 5] as const;
export type Difficulty = (typeof difficulties)[number];
export const difficultySchema = z
  .number()
  .int({ error: 'must be a whole number from 1 to 5' })
  .min(1, { error: 'must be a whole number from 1 to 5' })
  .max(5, { error: 'must be a whole number from 1 to 5' });

/** The label keys, in order: Introduction/very easy … very hard. */
export const difficultyLabels = {
  1: 'introduction',
  2: 'easy',
  3: 'medium',
  4: 'hard',
  5: 'very_hard',
} as const satisfies Record<Difficulty, string>;

export const objectiveTypes = ['flag', 'single_choice', 'multiple_choice'] as const;
export type ObjectiveType = (typeof objectiveTypes)[number];

/** Categories are a closed list so the game screen can filter and translate them. */
export const objectiveCategories = [
  'web',
  'network',
  'crypto',
  'forensics',
  'osint',
  'system',
  'reverse',
  'misc',
] as const;
export type ObjectiveCategory = (typeof objectiveCategories)[number];

/**
 * How a mission is judged at the end of a session. `required_objectives`: every
 * objective marked `required` solved before the end (the default). `min_points`: the team's
 * score reaches `points`. `min_objectives`: at least `count` objectives solved.
 */
export const successRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('required_objectives') }),
  z.object({ kind: z.literal('min_points'), points: z.number().int().positive() }),
  z.object({ kind: z.literal('min_objectives'), count: z.number().int().positive() }),
]);
export type SuccessRule = z.infer<typeof successRuleSchema>;

export const missionResults = ['success', 'failure'] as const;
export type MissionResult = (typeof missionResults)[number];

/** Who may see a chapter: every player, or only the players a trainer assigned it to. */
export const chapterVisibilities = ['open', 'assigned'] as const;
export type ChapterVisibility = (typeof chapterVisibilities)[number];

/** Limits on imported content: attached files are stored in the database and served from it. */
export const contentLimits = {
  /** Largest attached file. */
  fileBytes: 5 * 1024 * 1024,
  /** All the attached files of one pack together. */
  packFileBytes: 25 * 1024 * 1024,
  /** A chapter document (YAML). */
  documentBytes: 1024 * 1024,
  missionsPerChapter: 20,
  objectivesPerMission: 40,
  choicesPerObjective: 12,
  filesPerObjective: 8,
  acceptedFlagsPerObjective: 10,
  flagLength: 500,
  /** An objective's explanation, in each language. */
  explanationLength: 4000,
  hintsPerObjective: 10,
  /** A hint's text, in each language. */
  hintLength: 4000,
  /** A hint's cost in points. */
  hintCost: 100_000,
} as const;

/** An attached file's name: no directory, no leading dot, portable characters only. */
export const attachmentNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Whether an objective is open to a team in a session: it is not locked, a trainer unlocked it
 * in that session, or the team solved every one of its prerequisites. The objectives a team
 * reads, the answers it may send, the hints it may unlock and the files it may download all
 * follow this one rule (the file check applies it in SQL: `play.repository.ts`,
 * `isOpenToPlayer`).
 */
export const isObjectiveOpen = (
  objective: { locked: boolean; prerequisites: readonly string[] },
  team: { unlockedByTrainer: boolean; hasSolved: (objectiveUuid: string) => boolean },
): boolean =>
  !objective.locked || team.unlockedByTrainer || objective.prerequisites.every(team.hasSolved);
