import { z } from 'zod';
import { avatarIds } from '../domain/avatars.js';
import { localizedTextSchema, objectiveTypes } from '../domain/content.js';
import { defineRoute } from './route.js';

/**
 * The trainer's live cockpit: one read model of a session (teams, objectives and the
 * grid of objectives × teams), the submissions feed with the wrong answers' text (for trainers
 * only: players never see it, not even their teammates'), score adjustments and the audit log of
 * every trainer action.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });
const sessionParams = z.object({ uuid });

// Cockpit ----------------------------------------------------------------------------------------

export const cockpitMemberSchema = z.object({
  uuid,
  pseudo: z.string(),
  avatarId: z.enum(avatarIds).nullable(),
  /** Whether they have the session open right now (its event stream). */
  online: z.boolean(),
});

export const cockpitTeamSchema = z.object({
  uuid,
  name: z.string(),
  logoUrl: z.string().nullable(),
  eliminated: z.boolean(),
  eliminationReason: z.string().nullable(),
  score: z.number().int(),
  rank: z.number().int().positive(),
  completed_objectives: z.number().int().nonnegative(),
  total_objectives: z.number().int().nonnegative(),
  progress_percentage: z.number().int().min(0).max(100),
  members: z.array(cockpitMemberSchema),
});
export type CockpitTeam = z.infer<typeof cockpitTeamSchema>;

export const cockpitObjectiveSchema = z.object({
  uuid,
  position: z.number().int(),
  title: localizedTextSchema,
  type: z.enum(objectiveTypes),
  points: z.number().int().nonnegative(),
  /** Locked by the content (prerequisites) … */
  locked: z.boolean(),
  /** … and opened to every team by a trainer. */
  unlocked: z.boolean(),
  firstBlood: z.object({ teamUuid: uuid, at: instant }).nullable(),
  /** A speedrun launched on it; `running` until a team solves it. */
  speedrun: z.object({ title: z.string(), launchedAt: instant, running: z.boolean() }).nullable(),
});
export type CockpitObjective = z.infer<typeof cockpitObjectiveSchema>;

/** One cell of the grid: a team on an objective. Cells with no activity are absent. */
export const cockpitCellSchema = z.object({
  teamUuid: uuid,
  objectiveUuid: uuid,
  solved: z.boolean(),
  solvedAt: instant.nullable(),
  solvedBy: z.string().nullable(),
  /** Attempts counted by the rules (distinct wrong answers). */
  attempts: z.number().int().nonnegative(),
  /** Wrong submissions recorded, repeated ones included. */
  wrongAnswers: z.number().int().nonnegative(),
  /** Hints the team unlocked on it, and the points they paid for them. */
  hints: z.number().int().nonnegative(),
  hintCost: z.number().int().nonnegative(),
});
export type CockpitCell = z.infer<typeof cockpitCellSchema>;

export const cockpitSchema = z.object({
  sessionUuid: uuid,
  teams: z.array(cockpitTeamSchema),
  objectives: z.array(cockpitObjectiveSchema),
  cells: z.array(cockpitCellSchema),
  /** Every hint unlocked in the session, newest first: who, which, and the price paid. */
  hintUnlocks: z.array(
    z.object({
      teamUuid: uuid,
      objectiveUuid: uuid,
      hintUuid: uuid,
      position: z.number().int().positive(),
      cost: z.number().int().nonnegative(),
      free: z.boolean(),
      pseudo: z.string(),
      unlockedAt: instant,
    }),
  ),
  serverTime: instant,
});
export type Cockpit = z.infer<typeof cockpitSchema>;

export const getTrainerCockpit = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/cockpit',
  summary: 'The live cockpit: teams, objectives and the grid of objectives × teams',
  tag: 'trainer',
  access: 'trainer',
  params: sessionParams,
  responses: { 200: cockpitSchema, 404: null },
});

// Submissions ------------------------------------------------------------------------------------

/** Stored answers are cut to this length (a flag is at most 500 characters anyway). */
export const submissionTextLength = 500;

export const submissionSchema = z.object({
  /** Increasing: the cursor of the feed. */
  id: z.number().int().positive(),
  teamUuid: uuid,
  objectiveUuid: uuid,
  pseudo: z.string(),
  /**
   * A wrong answer as typed (a flag), or the choice ids joined by `, `. Empty for a correct one:
   * that is the objective's answer, which no session's log or event carries.
   */
  answer: z.string().max(submissionTextLength),
  correct: z.boolean(),
  points: z.number().int(),
  createdAt: instant,
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionsQuery = z
  .object({
    /** Older than this id: the next page down the feed. */
    before: z.coerce.number().int().positive().optional(),
    /** Newer than this id, oldest first: what arrived since the feed's newest row. */
    after: z.coerce.number().int().nonnegative().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: 'before and after exclude each other',
    path: ['after'],
  });

export const getTrainerSubmissions = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/submissions',
  summary:
    'A session’s submissions, wrong answers’ text included: newest first, or oldest first after an id',
  tag: 'trainer',
  access: 'trainer',
  params: sessionParams,
  query: submissionsQuery,
  responses: {
    200: z.object({
      submissions: z.array(submissionSchema),
      /** Set when older rows remain (`before` paging). */
      nextBefore: z.number().nullable(),
      /** Set when newer rows remain beyond this page (`after` paging). */
      nextAfter: z.number().nullable(),
    }),
    404: null,
    422: null,
  },
});

// Score adjustments ------------------------------------------------------------------------------

export const adjustmentLimits = { points: 10_000, reasonLength: 500 } as const;

export const adjustmentBodySchema = z
  .object({
    points: z
      .number()
      .int()
      .min(-adjustmentLimits.points)
      .max(adjustmentLimits.points)
      .refine((points) => points !== 0, { error: 'must not be zero' }),
    reason: z.string().trim().min(1).max(adjustmentLimits.reasonLength),
  })
  .strict();

export const postScoreAdjustment = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/teams/{team}/adjustments',
  summary: 'Adds or removes points to a team, with a reason (a ledger row)',
  tag: 'trainer',
  access: 'trainer',
  params: z.object({ uuid, team: uuid }),
  body: adjustmentBodySchema,
  responses: {
    201: z.object({
      adjustment: z.object({
        id: z.number().int().positive(),
        teamUuid: uuid,
        points: z.number().int(),
        reason: z.string(),
        score: z.number().int(),
        createdAt: instant,
      }),
    }),
    404: null,
    409: null,
    422: null,
  },
});

// Audit log --------------------------------------------------------------------------------------

/** Every trainer action recorded, in the past tense like events. */
export const auditActions = [
  'session.created',
  'session.started',
  'session.paused',
  'session.resumed',
  'session.stopped',
  'session.updated',
  'team.eliminated',
  'team.reinstated',
  'team.dissolved',
  'player.moved',
  'player.removed',
  'speedrun.launched',
  'objective.unlocked',
  'hint.given',
  'score.adjusted',
  'chapter.assigned',
  'magic_link.issued',
  'player.created',
  'player.password_reset',
  'player.identity_linked',
  'player.identity_unlinked',
  'content_pack.imported',
  'content.chapter_saved',
  'content.chapter_deleted',
  'content.file_added',
  'content.file_removed',
  'lab.prewarmed',
  'lab.released',
  'lab.extended',
  'lab.console_opened',
  'display_link.created',
  'display_link.revoked',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(auditActions),
  trainer: z.object({ uuid: uuid.nullable(), pseudo: z.string() }),
  sessionUuid: uuid.nullable(),
  /** The team, objective, player or chapter acted on. */
  targetUuid: uuid.nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: instant,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditAnswer = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` of the next page, `null` at the end. */
  nextBefore: z.number().nullable(),
});

export const auditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const getTrainerSessionAudit = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/audit',
  summary: 'The trainer actions on a session, newest first',
  tag: 'trainer',
  access: 'trainer',
  params: sessionParams,
  query: auditQuery,
  responses: { 200: auditAnswer, 404: null, 422: null },
});

export const getTrainerAudit = defineRoute({
  method: 'GET',
  path: '/api/trainer/audit',
  summary: 'Every trainer action, newest first, paged by `before`',
  tag: 'trainer',
  access: 'trainer',
  query: auditQuery,
  responses: { 200: auditAnswer, 422: null },
});

export const trainerCockpitRoutes = [
  getTrainerCockpit,
  getTrainerSubmissions,
  postScoreAdjustment,
  getTrainerSessionAudit,
  getTrainerAudit,
] as const;
