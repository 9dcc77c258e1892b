import { z } from 'zod';
import { difficultySchema, objectiveCategories, objectiveTypes } from '../domain/content.js';
import { attachmentSchema, contentQuery } from './content.js';
import { defineRoute } from './route.js';
import { localeSchema } from './system.js';

/**
 * Play: a team's objectives with its state, answers, follows, the ranking, and
 * the trainer's actions during a game. No payload ever carries an answer.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });
const sessionParams = z.object({ uuid });
const objectiveParams = z.object({ uuid, objective: uuid });

/** The limits of a submission: a flag's length, a selection's size. */
export const answerLimits = { flagLength: 500, choices: 20, clientIdLength: 64 } as const;

export const progressSchema = z.object({
  completed_objectives: z.number().int().nonnegative(),
  total_objectives: z.number().int().nonnegative(),
  progress_percentage: z.number().int().min(0).max(100),
});

/**
 * A hint of an objective as a team sees it: its place and cost always, its text only once the
 * team unlocked it (`null` before: the server never sends it).
 */
export const playHintSchema = z.object({
  uuid,
  /** 1 for the first hint. */
  position: z.number().int().positive(),
  cost: z.number().int().nonnegative(),
  unlocked: z.boolean(),
  /** Markdown, in the requested language; `null` until the team unlocked it. */
  text: z.string().nullable(),
  /** Who unlocked it (a teammate, or the trainer who gave it), and when. */
  unlockedBy: z.string().nullable(),
  unlockedAt: instant.nullable(),
  /** The points the team paid for it (0 when a trainer gave it). */
  charged: z.number().int().nonnegative().nullable(),
  /** Given by a trainer, at no cost. */
  free: z.boolean(),
  /** The hint's files; empty until the team unlocked it (not even their names are sent before). */
  files: z.array(attachmentSchema),
});
export type PlayHint = z.infer<typeof playHintSchema>;

export const playObjectiveSchema = z.object({
  uuid,
  position: z.number().int(),
  title: z.string(),
  /** Markdown; empty while the objective is locked for this team. */
  description: z.string(),
  category: z.enum(objectiveCategories),
  difficulty: difficultySchema,
  points: z.number().int().nonnegative(),
  type: z.enum(objectiveTypes),
  /** The choices players pick from (never which are right); empty for a flag. */
  choices: z.array(z.object({ id: z.string(), text: z.string() })),
  /** How many choices a multiple-choice answer selects. */
  expectedAnswers: z.number().int().positive(),
  penalty: z.number().int().nonnegative(),
  maxAttempts: z.number().int().positive().nullable(),
  firstBloodBonus: z.number().int().nonnegative(),
  /** Closed to this team until its prerequisites are solved or a trainer unlocks it. */
  locked: z.boolean(),
  prerequisites: z.array(uuid),
  files: z.array(attachmentSchema),
  /** This team's state. */
  attempts: z.number().int().nonnegative(),
  attemptsLeft: z.number().int().nonnegative().nullable(),
  solved: z.boolean(),
  solvedAt: instant.nullable(),
  /** Attempted by the team and still open to it: neither solved nor out of attempts. */
  inProgress: z.boolean(),
  /** Why the objective is closed to this team, `null` while it may still answer. */
  closedReason: z.enum(['solved', 'no_attempts_left']).nullable(),
  /** Followed by the caller. */
  followed: z.boolean(),
  /** Whether some team already took the first blood. */
  firstBloodTaken: z.boolean(),
  /** The teams that solved it, first solver first: public, like a scoreboard (never an answer). */
  solvedBy: z.array(z.object({ teamUuid: uuid, teamName: z.string(), solvedAt: instant })),
  /** The speedrun running on it: what it is worth now is computed from these on server time. */
  speedrun: z
    .object({
      title: z.string(),
      description: z.string(),
      launchedAt: instant,
      runningMs: z.number().int().nonnegative(),
      value: z.number().int().nonnegative(),
      floor: z.number().int().nonnegative(),
    })
    .nullable(),
  /** Its hints in order (none while the objective is locked for this team). */
  hints: z.array(playHintSchema),
});
export type PlayObjective = z.infer<typeof playObjectiveSchema>;

export const getObjectives = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/objectives',
  summary: 'The mission’s objectives with the caller’s team state (never an answer)',
  tag: 'play',
  access: 'player',
  params: sessionParams,
  query: contentQuery,
  responses: {
    200: progressSchema.extend({
      locale: localeSchema,
      objectives: z.array(playObjectiveSchema),
      serverTime: instant,
    }),
    403: null,
    404: null,
  },
});

export const answerBodySchema = z
  .object({
    answer: z.union([
      z.string().max(answerLimits.flagLength, { error: 'is too long for an answer' }),
      z.array(z.string().max(100)).max(answerLimits.choices),
    ]),
    /**
     * Chosen by the player, once per submission (as a chat message's): a retry with the same id
     * answers the first submission's result again instead of deciding a second one.
     */
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'letters, digits, - and _ only' })
      .min(1)
      .max(answerLimits.clientIdLength)
      .optional(),
  })
  .strict();

/** What an accepted submission did. `result` is a code the client translates. */
export const answerResultSchema = z.object({
  correct: z.boolean(),
  result: z.enum(['answer.correct', 'answer.wrong', 'answer.repeated']),
  /** Points this submission changed the team's score by (negative for a penalty). */
  points: z.number().int(),
  firstBlood: z.boolean(),
  attempts: z.number().int().nonnegative(),
  attemptsLeft: z.number().int().nonnegative().nullable(),
  score: z.number().int(),
  ...progressSchema.shape,
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

export const postAnswer = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/objectives/{objective}/answers',
  summary: 'Submits an answer: a flag, a choice id, or a list of choice ids',
  tag: 'play',
  access: 'player',
  params: objectiveParams,
  body: answerBodySchema,
  responses: {
    200: answerResultSchema,
    403: null,
    404: null,
    409: null,
    422: null,
    423: null,
    429: null,
  },
  retryAfter: [429],
});

/**
 * A player unlocks a hint for their team. Hints are unlocked in order, while the game runs and
 * the objective is open to the team (not locked, not solved, attempts left). `charged` is what
 * this request cost: the hint's cost, or 0 when the team had it already (a teammate's request
 * won the race, or a trainer gave it): the same hint never costs twice.
 */
export const postUnlockHint = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/objectives/{objective}/hints/{hint}/unlock',
  summary: 'Unlocks a hint for the caller’s team, for its cost in points (once per team)',
  tag: 'play',
  access: 'player',
  params: z.object({ uuid, objective: uuid, hint: uuid }),
  query: contentQuery,
  responses: {
    200: z.object({
      hint: playHintSchema,
      charged: z.number().int().nonnegative(),
      score: z.number().int(),
    }),
    403: null,
    404: null,
    409: null,
    423: null,
  },
});

/**
 * Downloads a file of a hint. Only a member of a team of this session that unlocked the hint (it
 * bought it, or a trainer gave it) gets it; anyone else gets 404, never 403: a locked hint's files
 * are not even known to exist.
 */
export const getHintFile = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/hints/{hint}/files/{fileUuid}',
  summary: 'Downloads a file of a hint the caller’s team unlocked',
  tag: 'play',
  access: 'player',
  params: z.object({ uuid, hint: uuid, fileUuid: uuid }),
  produces: 'application/octet-stream',
  responses: { 200: null, 404: null },
});

export const getTrainerHintFile = defineRoute({
  method: 'GET',
  path: '/api/trainer/hints/{hint}/files/{fileUuid}',
  summary: 'Downloads a file of any hint (trainers)',
  tag: 'content',
  access: 'trainer',
  params: z.object({ hint: uuid, fileUuid: uuid }),
  produces: 'application/octet-stream',
  responses: { 200: null, 404: null },
});

const followAnswer = z.object({ followed: z.boolean() });

export const postFollow = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/objectives/{objective}/follow',
  summary: 'Follows an objective',
  tag: 'play',
  access: 'player',
  params: objectiveParams,
  responses: { 200: followAnswer, 403: null, 404: null },
});

export const deleteFollow = defineRoute({
  method: 'DELETE',
  path: '/api/sessions/{uuid}/objectives/{objective}/follow',
  summary: 'Stops following an objective',
  tag: 'play',
  access: 'player',
  params: objectiveParams,
  responses: { 200: followAnswer, 403: null, 404: null },
});

export const rankingTeamSchema = z.object({
  uuid,
  name: z.string(),
  logoUrl: z.string().nullable(),
  score: z.number().int(),
  rank: z.number().int().positive(),
  eliminated: z.boolean(),
  completed_objectives: z.number().int().nonnegative(),
});

export const rankingSchema = z.object({ teams: z.array(rankingTeamSchema) });
export type Ranking = z.infer<typeof rankingSchema>;

export const getRanking = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/ranking',
  summary: 'The ranking, served pre-serialised',
  tag: 'play',
  access: 'player',
  params: sessionParams,
  responses: { 200: rankingSchema, 403: null, 404: null },
});

// Trainers -------------------------------------------------------------------------------------

export const postEliminateTeam = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/teams/{team}/eliminate',
  summary: 'Eliminates a team, with the reason its players read',
  tag: 'play',
  access: 'trainer',
  params: z.object({ uuid, team: uuid }),
  body: z.object({ reason: z.string().trim().min(1).max(500) }).strict(),
  responses: { 200: z.object({ eliminated: z.literal(true) }), 404: null, 409: null },
});

export const postSpeedrun = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/speedruns',
  summary: 'Launches a speedrun on an objective no team has solved',
  tag: 'play',
  access: 'trainer',
  params: sessionParams,
  body: z
    .object({
      objectiveUuid: uuid,
      title: z.string().trim().min(1).max(120),
      description: z.string().trim().max(2000),
    })
    .strict(),
  responses: {
    201: z.object({ speedrun: z.object({ uuid, objectiveUuid: uuid, launchedAt: instant }) }),
    404: null,
    409: null,
  },
});

export const postUnlockObjective = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/objectives/{objective}/unlock',
  summary: 'Opens a locked objective to every team of the session',
  tag: 'play',
  access: 'trainer',
  params: objectiveParams,
  responses: { 200: z.object({ unlocked: z.literal(true) }), 404: null },
});

/** A trainer gives a team a hint, at no cost (no ledger row), audited. */
export const postGiveHint = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/teams/{team}/hints/{hint}/unlock',
  summary: 'Unlocks a hint for a team at no cost (audited); nothing changes if it had it already',
  tag: 'play',
  access: 'trainer',
  params: z.object({ uuid, team: uuid, hint: uuid }),
  responses: {
    200: z.object({ unlocked: z.literal(true), alreadyUnlocked: z.boolean() }),
    404: null,
    409: null,
  },
});

export const playRoutes = [
  getObjectives,
  postAnswer,
  postUnlockHint,
  postGiveHint,
  getHintFile,
  getTrainerHintFile,
  postFollow,
  deleteFollow,
  getRanking,
  postEliminateTeam,
  postSpeedrun,
  postUnlockObjective,
] as const;
