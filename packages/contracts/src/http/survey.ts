import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * The satisfaction survey of a session: after a session
 * ends, each player who played it rates it once on five levels, with an optional comment, and
 * may change the answer afterwards. Trainers read the distribution per session and per mission;
 * the comments reach them without the player's name, so a player can be frank.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });

/** From the best to the worst, the order every screen lists them in. */
export const surveyRatings = [
  'very_satisfied',
  'satisfied',
  'neutral',
  'unsatisfied',
  'very_unsatisfied',
] as const;
export type SurveyRating = (typeof surveyRatings)[number];

export const surveyLimits = { commentLength: 1000 } as const;

export const surveyResponseSchema = z.object({
  rating: z.enum(surveyRatings),
  comment: z.string().nullable(),
  updatedAt: instant,
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;

export const surveyBodySchema = z
  .object({
    rating: z.enum(surveyRatings),
    /** Blank is no comment. */
    comment: z.string().trim().max(surveyLimits.commentLength).optional(),
  })
  .strict();
export type SurveyBody = z.infer<typeof surveyBodySchema>;

const sessionParams = z.object({ uuid });

export const getSurvey = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/survey',
  summary:
    'This player’s answer to the session’s survey, or null: the stats transition asks it before showing the survey',
  tag: 'debrief',
  access: 'player',
  params: sessionParams,
  responses: {
    200: z.object({ response: surveyResponseSchema.nullable() }),
    403: null,
    404: null,
  },
});

export const postSurvey = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/survey',
  summary:
    'Rates a session that ended and that this player played; a second answer replaces the first',
  tag: 'debrief',
  access: 'player',
  params: sessionParams,
  body: surveyBodySchema,
  responses: {
    200: z.object({ response: surveyResponseSchema }),
    403: null,
    404: null,
    409: null,
    422: null,
  },
});

/** How many answers each level got, every level present (0 when none), and the total. */
export const surveyDistributionSchema = z.object({
  counts: z.object(
    Object.fromEntries(surveyRatings.map((rating) => [rating, z.number().int().nonnegative()])) as {
      [K in SurveyRating]: z.ZodNumber;
    },
  ),
  total: z.number().int().nonnegative(),
  /** Players who played the session(s), rated or not: the response rate's denominator. */
  players: z.number().int().nonnegative(),
});
export type SurveyDistribution = z.infer<typeof surveyDistributionSchema>;

/** A comment as trainers read it: its rating and time, never its author. */
export const surveyCommentSchema = z.object({
  sessionUuid: uuid,
  rating: z.enum(surveyRatings),
  comment: z.string(),
  updatedAt: instant,
});

export const commentsPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const getTrainerSessionSurvey = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/survey',
  summary: 'The distribution of a session’s survey answers, with the latest comments (anonymous)',
  tag: 'debrief',
  access: 'trainer',
  params: sessionParams,
  query: commentsPageQuery,
  responses: {
    200: z.object({
      distribution: surveyDistributionSchema,
      comments: z.array(surveyCommentSchema),
    }),
    404: null,
    422: null,
  },
});

export const getTrainerMissionSurvey = defineRoute({
  method: 'GET',
  path: '/api/trainer/missions/{uuid}/survey',
  summary:
    'The survey answers of every session of a mission: overall, per session, and the latest comments (anonymous)',
  tag: 'debrief',
  access: 'trainer',
  params: z.object({ uuid }),
  query: commentsPageQuery,
  responses: {
    200: z.object({
      distribution: surveyDistributionSchema,
      sessions: z.array(
        z.object({
          uuid,
          name: z.string(),
          startsAt: instant.nullable(),
          distribution: surveyDistributionSchema,
        }),
      ),
      comments: z.array(surveyCommentSchema),
    }),
    404: null,
    422: null,
  },
});

export const surveyRoutes = [
  getSurvey,
  postSurvey,
  getTrainerSessionSurvey,
  getTrainerMissionSurvey,
] as const;
