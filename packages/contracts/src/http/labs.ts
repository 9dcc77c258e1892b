import { z } from 'zod';
import { environmentPhases, labProviderKinds } from '../domain/labs.js';
import { errorCodeSchema } from '../errors.js';
import { defineRoute } from './route.js';

/**
 * Lab environments: a team's environment, allocated on first use of the Console or
 * VPN tab, and the trainer's view and actions on every team's. Capacity exhausted answers 503
 * `lab.no_capacity` with `Retry-After`; a provider failure 502 `lab.connection_error`.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });
const sessionParams = z.object({ uuid });

/** What a player may know of the mission's lab: its shape, never its flags or images. */
export const labSummarySchema = z.object({
  machines: z.array(z.object({ name: z.string(), ports: z.array(z.number().int()) })),
  consoleMachine: z.string(),
  vpn: z.boolean(),
  ttlSeconds: z.number().int().positive(),
  maxTtlSeconds: z.number().int().positive(),
});
export type LabSummary = z.infer<typeof labSummarySchema>;

export const environmentSchema = z.object({
  uuid,
  phase: z.enum(environmentPhases),
  createdAt: instant,
  expiresAt: instant,
  /** Extensions granted so far, and how many the policy allows. */
  renewCount: z.number().int().nonnegative(),
  maxRenewals: z.number().int().nonnegative(),
  /** The latest expiry an extension can reach (creation + the template's max lifetime). */
  expiresAtLatest: instant,
});
export type Environment = z.infer<typeof environmentSchema>;

export const teamEnvironmentSchema = z.object({
  /** The mission's lab; null when it has none (the tabs then say so). */
  lab: labSummarySchema.nullable(),
  /** The team's live environment; null before first use and after release or expiry. */
  environment: environmentSchema.nullable(),
  serverTime: instant,
});
export type TeamEnvironment = z.infer<typeof teamEnvironmentSchema>;

export const getTeamEnvironment = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/environment',
  summary: 'The caller’s team lab environment, if the mission has a lab',
  tag: 'labs',
  access: 'player',
  params: sessionParams,
  responses: { 200: teamEnvironmentSchema, 403: null, 404: null },
});

export const postTeamEnvironment = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/environment',
  summary: 'Allocates the caller’s team environment on first use (idempotent)',
  tag: 'labs',
  access: 'player',
  params: sessionParams,
  responses: {
    200: teamEnvironmentSchema,
    403: null,
    404: null,
    409: null,
    502: null,
    503: null,
  },
});

// Trainer ----------------------------------------------------------------------------------------

/** Trainers also read why an environment failed (players only read that it did). */
export const trainerEnvironmentSchema = environmentSchema.extend({
  provider: z.enum(labProviderKinds),
  providerRef: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TrainerEnvironment = z.infer<typeof trainerEnvironmentSchema>;

const capacitySchema = z.object({ inUse: z.number().int().nonnegative(), limit: z.number().int() });

export const sessionEnvironmentsSchema = z.object({
  sessionUuid: uuid,
  lab: labSummarySchema.nullable(),
  provider: z.enum(labProviderKinds),
  capacity: z.object({ global: capacitySchema, session: capacitySchema }),
  teams: z.array(
    z.object({
      teamUuid: uuid,
      teamName: z.string(),
      eliminated: z.boolean(),
      environment: trainerEnvironmentSchema.nullable(),
    }),
  ),
  serverTime: instant,
  /**
   * What the session's start allocated (every team still in the game gets its environment when
   * the session starts running); absent before, or when starts do not allocate. Teams left out
   * by capacity or a failure allocate on first use.
   */
  startAllocation: z
    .object({
      at: instant,
      allocated: z.number().int().nonnegative(),
      noCapacity: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
    })
    .optional(),
});
export type SessionEnvironments = z.infer<typeof sessionEnvironmentsSchema>;

export const getSessionEnvironments = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/environments',
  summary: 'Every team’s lab environment in a session, with capacity',
  tag: 'labs',
  access: 'trainer',
  params: sessionParams,
  responses: { 200: sessionEnvironmentsSchema, 404: null },
});

/** One team, or every team of the session when absent. */
const teamTarget = z.object({ teamUuid: uuid.optional() }).strict().default({});

export const postPrewarmEnvironments = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/environments/prewarm',
  summary: 'Allocates environments ahead of first use (teams not eliminated, without one)',
  tag: 'labs',
  access: 'trainer',
  params: sessionParams,
  body: teamTarget,
  responses: {
    200: z.object({
      allocated: z.number().int().nonnegative(),
      /** Teams left without one, with the reason (capacity, provider failure). */
      failed: z.array(z.object({ teamUuid: uuid, code: errorCodeSchema })),
    }),
    404: null,
    409: null,
  },
});

export const postReleaseEnvironments = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/environments/release',
  summary: 'Releases environments of the session: one team’s, or all',
  tag: 'labs',
  access: 'trainer',
  params: sessionParams,
  body: teamTarget,
  responses: { 200: z.object({ released: z.number().int().nonnegative() }), 404: null },
});

/** Bounded: an extension never passes the template's max lifetime anyway. */
export const maxExtensionMinutes = 24 * 60;

export const postExtendEnvironment = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/teams/{team}/environment/extend',
  summary: 'Extends a team’s environment (capped by renewals and the max lifetime)',
  tag: 'labs',
  access: 'trainer',
  params: z.object({ uuid, team: uuid }),
  body: z
    .object({
      /** What to add; the template's ttl when absent. */
      minutes: z.number().int().min(1).max(maxExtensionMinutes).optional(),
    })
    .strict()
    .default({}),
  responses: { 200: z.object({ environment: trainerEnvironmentSchema }), 404: null, 409: null },
});

export const labRoutes = [
  getTeamEnvironment,
  postTeamEnvironment,
  getSessionEnvironments,
  postPrewarmEnvironments,
  postReleaseEnvironments,
  postExtendEnvironment,
] as const;
