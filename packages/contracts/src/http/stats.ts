import { z } from 'zod';
import {
  difficultySchema,
  localizedTextSchema,
  missionResults,
  objectiveCategories,
  objectiveTypes,
} from '../domain/content.js';
import { awardSchema } from '../domain/awards.js';
import { sessionStatusSchema } from '../domain/session.js';
import { defineRoute } from './route.js';

/**
 * The debrief of a session: everything the stats page
 * shows, in one request. Players read it once the session is over (before, they have the live
 * game; the answers are never in it while any session of the mission can still be played);
 * trainers read it any time.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });

export const statsTeamSchema = z.object({
  uuid,
  name: z.string(),
  logoUrl: z.string().nullable(),
  score: z.number().int(),
  rank: z.number().int().positive(),
  eliminated: z.boolean(),
  completed_objectives: z.number().int().nonnegative(),
  /** By the mission's success rule, once the session is over (null before). */
  result: z.enum(missionResults).nullable(),
  /** Badges earned so far (winner and the full runs only once the session is over). */
  awards: z.array(awardSchema),
  /** Hints the team unlocked in the session, and the points it paid for them. */
  hints: z.number().int().nonnegative(),
  hintCost: z.number().int().nonnegative(),
});

/** One team on one objective; teams that never tried it are absent. */
export const statsTeamResultSchema = z.object({
  teamUuid: uuid,
  solved: z.boolean(),
  solvedAt: instant.nullable(),
  /** The pseudo of the player who solved it. */
  solvedBy: z.string().nullable(),
  /** Attempts counted by the rules (distinct wrong answers). */
  attempts: z.number().int().nonnegative(),
  /** What the objective brought the team: solve, first blood, speedrun, penalties, hints bought. */
  points: z.number().int(),
  /** Hints the team unlocked on it, and the points it paid for them. */
  hints: z.number().int().nonnegative(),
  hintCost: z.number().int().nonnegative(),
});

/** The correct answer, once a player may read it (`answersHiddenBecause` is null). */
export const resolutionSchema = z.object({
  /** A flag objective: every accepted spelling. */
  flags: z.array(z.string()).nullable(),
  caseInsensitive: z.boolean().nullable(),
  /** A choice objective: its choices, the correct ones marked. */
  choices: z
    .array(z.object({ id: z.string(), text: localizedTextSchema, correct: z.boolean() }))
    .nullable(),
  /** The author's explanation, when the content gives one. */
  explanation: localizedTextSchema.nullable(),
});
export type Resolution = z.infer<typeof resolutionSchema>;

/**
 * Why the resolutions are left out of a debrief, null when they are in it. The answers of a
 * mission stay secret while any session of it may still be played anywhere on the deployment,
 * and a player reads them only after a session they played in a team (docs/security.md).
 */
export const answersHiddenReasons = [
  /** The session is not over yet (trainers following it live). */
  'session_not_over',
  /** The session never ran: canceled, or closed before it started. */
  'session_not_played',
  /** The player joined the session but was in no team. */
  'no_team',
  /** A session of the same mission is in its lobby, countdown, running or paused. */
  'mission_in_play',
  /** The mission's authors keep its answers for trainers. */
  'reveal_off',
] as const;
export type AnswersHiddenReason = (typeof answersHiddenReasons)[number];

export const statsObjectiveSchema = z.object({
  uuid,
  position: z.number().int(),
  title: localizedTextSchema,
  type: z.enum(objectiveTypes),
  category: z.enum(objectiveCategories),
  difficulty: difficultySchema,
  points: z.number().int().nonnegative(),
  required: z.boolean(),
  firstBlood: z.object({ teamUuid: uuid, at: instant }).nullable(),
  teams: z.array(statsTeamResultSchema),
  resolution: resolutionSchema.nullable(),
});

/**
 * Each team's score over the session, from the ledger: a point per ledger row (the score after
 * it), starting at 0 when play began. `at` is in milliseconds since the start (pauses included:
 * a line stays flat through them), from 0 to `durationMs`, the session's whole span.
 */
export const scoreEvolutionSchema = z.object({
  durationMs: z.number().int().nonnegative(),
  teams: z.array(
    z.object({
      teamUuid: uuid,
      points: z.array(z.object({ at: z.number().int().nonnegative(), score: z.number().int() })),
    }),
  ),
});
export type ScoreEvolution = z.infer<typeof scoreEvolutionSchema>;

export const sessionStatsSchema = z.object({
  session: z.object({
    uuid,
    name: z.string(),
    status: sessionStatusSchema,
    over: z.boolean(),
    startsAt: instant.nullable(),
    endsAt: instant.nullable(),
    mission: z.object({ uuid, title: localizedTextSchema }),
  }),
  /** The reader's team (players), null for trainers or a player without a team. */
  myTeamUuid: uuid.nullable(),
  /** Why every objective's `resolution` is null, or null when they are given. */
  answersHiddenBecause: z.enum(answersHiddenReasons).nullable(),
  teams: z.array(statsTeamSchema),
  objectives: z.array(statsObjectiveSchema),
  evolution: scoreEvolutionSchema,
});
export type SessionStats = z.infer<typeof sessionStatsSchema>;

const sessionParams = z.object({ uuid });

export const getSessionStats = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/stats',
  summary:
    'The debrief of a session that is over, for its players: results, ranking, score evolution and, when the rule allows it, resolutions (409 debrief.session_not_over before)',
  tag: 'debrief',
  access: 'player',
  params: sessionParams,
  responses: { 200: sessionStatsSchema, 403: null, 404: null, 409: null },
});

export const getTrainerSessionStats = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/stats',
  summary: 'The debrief of a session, at any time (trainers)',
  tag: 'debrief',
  access: 'trainer',
  params: sessionParams,
  responses: { 200: sessionStatsSchema, 404: null },
});

export const statsRoutes = [getSessionStats, getTrainerSessionStats] as const;
