import { z } from 'zod';
import {
  attachmentNamePattern,
  chapterVisibilities,
  contentLimits,
  difficultySchema,
  localizedTextSchema,
  objectiveCategories,
  objectiveTypes,
  successRuleSchema,
} from '../domain/content.js';
import { labTemplateSchema } from '../domain/labs.js';

/**
 * A content pack: one chapter document (`chapter.yaml`) with its missions and objectives, and
 * the files it attaches, in the same directory. Documented in `content/README.md`; the JSON
 * Schema at `content/chapter.schema.json` is generated from this schema (a test keeps them equal).
 *
 * Answers live only here, in the trainer API and in the database's answer columns: a player
 * payload is built from other columns and never from this shape.
 */
export const CONTENT_PACK_FORMAT = 'rampart.chapter/v1';

const uuid = z.uuid({ error: 'must be a UUID' });

/** A path inside the pack directory, such as `files/access.log`. Checked again on disk. */
const packFilePath = z
  .string()
  .min(1)
  .max(200)
  .refine((path) => !path.startsWith('/') && !/^[A-Za-z]:/.test(path) && !path.includes('\\'), {
    error: 'must be a relative path with forward slashes',
  })
  .refine((path) => path.split('/').every((part) => part !== '..' && part !== '.' && part !== ''), {
    error: 'must stay inside the pack directory (no "..", "." or empty segment)',
  });

export const packFileSchema = z
  .object({
    /** Where the file is, relative to the chapter document. */
    path: packFilePath,
    /** The name players download it as; the path's last segment when absent. */
    name: z
      .string()
      .regex(attachmentNamePattern, {
        error: 'must be a plain file name: letters, digits, ".", "_" or "-", no directory',
      })
      .optional(),
  })
  .strict();

const choiceId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, {
  error: 'must be 1 to 32 lower-case letters, digits, "_" or "-"',
});

export const packChoiceSchema = z
  .object({
    /** Stable id of the choice inside its objective; what a player submits. */
    id: choiceId,
    text: localizedTextSchema,
  })
  .strict();

export const packFlagSchema = z
  .object({
    /** Every accepted spelling of the flag (at least one). */
    accepted: z
      .array(z.string().trim().min(1).max(contentLimits.flagLength))
      .min(1)
      .max(contentLimits.acceptedFlagsPerObjective),
    /** Compare ignoring case (after trimming and Unicode normalisation). Exact by default. */
    caseInsensitive: z.boolean().default(false),
  })
  .strict();

/** An explanation is a paragraph or two, not a second description. */
const explanationTextSchema = z.object({
  fr: localizedTextSchema.shape.fr.max(contentLimits.explanationLength),
  en: localizedTextSchema.shape.en.max(contentLimits.explanationLength),
});

/**
 * A hint a team may unlock during a game, for its cost in points (0: free). Hints are unlocked in
 * order: the second once the first is. Its uuid keeps a team's unlock attached to it across
 * edits; absent, one is derived from the objective and the hint's position.
 */
export const packHintSchema = z
  .object({
    uuid: uuid.optional(),
    /** Markdown. */
    text: z.object({
      fr: localizedTextSchema.shape.fr.max(contentLimits.hintLength),
      en: localizedTextSchema.shape.en.max(contentLimits.hintLength),
    }),
    cost: z.number().int().min(0).max(contentLimits.hintCost),
    /** Files a team downloads once it unlocked the hint; declared as an objective's files are. */
    files: z.array(packFileSchema).max(contentLimits.filesPerObjective).default([]),
  })
  .strict();

export const packObjectiveSchema = z
  .object({
    uuid,
    title: localizedTextSchema,
    /** Markdown. */
    description: localizedTextSchema,
    /**
     * Markdown: why the answer is the answer. Players read it on the debrief once the session
     * is over, next to the correct answer; never before. Optional.
     */
    explanation: explanationTextSchema.optional(),
    category: z.enum(objectiveCategories),
    difficulty: difficultySchema,
    points: z.number().int().min(0).max(100_000),
    type: z.enum(objectiveTypes),
    /** For `flag` objectives only. */
    flag: packFlagSchema.optional(),
    /** For choice objectives only: the choices, in the order players see them … */
    choices: z.array(packChoiceSchema).max(contentLimits.choicesPerObjective).optional(),
    /** … and the ids of the correct ones (exactly one for `single_choice`). */
    correctChoices: z.array(choiceId).max(contentLimits.choicesPerObjective).optional(),
    /** Points lost per wrong answer (the same wrong answer twice costs once). */
    penalty: z.number().int().min(0).max(100_000).default(0),
    /** Wrong answers a team may give before the objective closes for it; none when absent. */
    maxAttempts: z.number().int().positive().max(1000).nullable().default(null),
    /** Locked until every prerequisite is solved by the team, or a trainer unlocks it. */
    locked: z.boolean().default(false),
    prerequisites: z.array(uuid).max(10).default([]),
    /** Extra points for the first team to solve it. */
    firstBloodBonus: z.number().int().min(0).max(100_000).default(0),
    /** A trainer may launch a speedrun on it. */
    speedrun: z.boolean().default(false),
    /** Counts for the mission's `required_objectives` success rule. */
    required: z.boolean().default(true),
    files: z.array(packFileSchema).max(contentLimits.filesPerObjective).default([]),
    /** Ordered hints, each with its cost (see `packHintSchema`). */
    hints: z.array(packHintSchema).max(contentLimits.hintsPerObjective).default([]),
  })
  .strict();

export const packMissionSchema = z
  .object({
    uuid,
    title: localizedTextSchema,
    /** Markdown, each: the short pitch, the story, and the rules of engagement. */
    brief: localizedTextSchema,
    scenario: localizedTextSchema,
    rules: localizedTextSchema,
    difficulty: difficultySchema,
    /** The session length a trainer gets by default. */
    durationMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    successRule: successRuleSchema.default({ kind: 'required_objectives' }),
    /**
     * Players read the accepted answers and explanations on the debrief once no session of the
     * mission is in play any more; off, the answers stay with trainers (a mission run again for a
     * grade).
     */
    revealAnswersAfterGame: z.boolean().default(true),
    objectives: z.array(packObjectiveSchema).min(1).max(contentLimits.objectivesPerMission),
    /** A lab environment per team (Console and VPN tabs); none when absent. */
    lab: labTemplateSchema.optional(),
  })
  .strict();

export const contentPackSchema = z
  .object({
    format: z.literal(CONTENT_PACK_FORMAT, {
      error: `must be "${CONTENT_PACK_FORMAT}"`,
    }),
    chapter: z
      .object({
        uuid,
        title: localizedTextSchema,
        /** Markdown. */
        summary: localizedTextSchema,
        visibility: z.enum(chapterVisibilities).default('assigned'),
        /** Order on the home screen, smallest first. */
        position: z.number().int().min(0).max(10_000).default(100),
        missions: z.array(packMissionSchema).min(1).max(contentLimits.missionsPerChapter),
      })
      .strict(),
  })
  .strict();

export type ContentPack = z.infer<typeof contentPackSchema>;
export type ContentPackInput = z.input<typeof contentPackSchema>;
export type PackMission = ContentPack['chapter']['missions'][number];
export type PackObjective = PackMission['objectives'][number];
export type PackChoice = z.infer<typeof packChoiceSchema>;
export type PackFile = z.infer<typeof packFileSchema>;
export type PackHint = z.infer<typeof packHintSchema>;
