import { z } from 'zod';
import { avatarIds } from '../domain/avatars.js';
import { localizedTextSchema } from '../domain/content.js';
import {
  sessionLimits,
  sessionStatusSchema,
  startPhases,
  teamNameLength,
} from '../domain/session.js';
import { contentQuery } from './content.js';
import { defineRoute } from './route.js';
import { localeSchema } from './system.js';

/**
 * Gaming sessions and teams. A session's status and times are derived from its
 * stored instants and the database clock; every answer carries `serverTime` so a client can
 * compute its clock offset and show a countdown that is right whatever its own clock says.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });
const sessionParams = z.object({ uuid });

export const sessionMemberSchema = z.object({
  pseudo: z.string(),
  avatarId: z.enum(avatarIds).nullable(),
  /** Whether this member is the caller. */
  isSelf: z.boolean(),
  /**
   * Whether they have the session open right now (its event stream), when this answer was made.
   * Their teammates are told of every change (`team.presence_changed`) and read it again.
   */
  online: z.boolean(),
});

/** A team as everyone in the session sees it: never its token. */
export const sessionTeamSchema = z.object({
  uuid,
  name: z.string(),
  /** Where its logo is served, `null` without a logo. */
  logoUrl: z.string().nullable(),
  members: z.array(sessionMemberSchema),
  rank: z.number().int().positive(),
  score: z.number().int(),
  eliminated: z.boolean(),
});
export type SessionTeam = z.infer<typeof sessionTeamSchema>;

/** The caller's own team: with its token, to give to teammates. */
export const ownTeamSchema = sessionTeamSchema.extend({
  token: z.string(),
  /** The trainer's reason once the team is eliminated: its own players read it, no one else. */
  eliminationReason: z.string().nullable(),
});

export const sessionTimesSchema = z.object({
  status: sessionStatusSchema,
  /** In `lobby`: `waiting_for_players` once a start was asked with teams not ready. */
  startPhase: z.enum(startPhases),
  startWaitEndsAt: instant.nullable(),
  scheduledStartAt: instant.nullable(),
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
  /** Milliseconds of play left at `serverTime` (frozen while paused). */
  remainingMs: z.number().int().nonnegative(),
  /** The database's time when this answer was computed. */
  serverTime: instant,
});

export const sessionDetailSchema = sessionTimesSchema.extend({
  uuid,
  name: z.string(),
  mission: z.object({
    uuid,
    title: z.string(),
    chapter_uuid: uuid,
    chapterTitle: z.string(),
  }),
  ownerKind: z.enum(['trainer', 'player']),
  /** Whether the caller created this session (and so may start, switch mission, close it). */
  isOwner: z.boolean(),
  maxTeams: z.number().int().positive(),
  playersPerTeam: z.number().int().positive(),
  minPlayersPerTeam: z.number().int().positive(),
  durationMinutes: z.number().int().positive(),
  /** The game ends as soon as every team still playing has solved every objective. */
  endWhenAllSolved: z.boolean(),
  /** When it ended so; null otherwise. */
  allSolvedAt: instant.nullable(),
  teamsCount: z.number().int().nonnegative(),
  completed_objectives: z.number().int().nonnegative(),
  total_objectives: z.number().int().nonnegative(),
  progress_percentage: z.number().int().min(0).max(100),
  /**
   * The trainers' adjustments of the caller's team's score, newest first, each with the reason
   * its players are shown; empty without a team.
   */
  scoreAdjustments: z.array(
    z.object({ points: z.number().int(), reason: z.string(), at: instant }),
  ),
  /** The caller in this session: `null` before they join. */
  gaming_session_user: z
    .object({
      joinedAt: instant,
      gaming_session_team: ownTeamSchema.nullable(),
    })
    .nullable(),
  /**
   * Every team of the session, best ranked first. Empty for a caller who has not joined: a
   * session's teams are for its players.
   */
  teams: z.array(sessionTeamSchema),
  /**
   * The sequence the session's event stream had reached when this view was read. A client that
   * opens the stream for the first time sends it as `Last-Event-ID`: what happened between this
   * read and the stream's opening is replayed, not lost. 0 for a caller who has not joined.
   */
  streamPosition: z.number().int().nonnegative(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

const sessionAnswer = z.object({ session: sessionDetailSchema });

export const getSession = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}',
  summary: 'A gaming session as the caller may see it: status, timer, teams, progress and rank',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  query: contentQuery,
  responses: { 200: sessionAnswer, 404: null },
});

/** The mission a session plays, as its briefing shows it: Markdown texts in the content locale. */
export const sessionMissionSchema = z.object({
  uuid,
  title: z.string(),
  brief: z.string(),
  scenario: z.string(),
  rules: z.string(),
});
export type SessionMission = z.infer<typeof sessionMissionSchema>;

const sessionMissionAnswer = z.object({ locale: localeSchema, mission: sessionMissionSchema });

/**
 * The briefing through the session rather than its chapter: a player in a trainer's session may
 * read it whether or not the chapter is open or assigned to them.
 */
export const getSessionMission = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/mission',
  summary: 'The briefing of the session’s mission (brief, scenario, rules), for its players',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  query: contentQuery,
  responses: { 200: sessionMissionAnswer, 403: null, 404: null },
});

export const postSession = defineRoute({
  method: 'POST',
  path: '/api/sessions',
  summary: 'Creates a session for a mission of a chapter the player may open; they own it',
  tag: 'sessions',
  access: 'player',
  body: z.object({ missionUuid: uuid }).strict(),
  responses: { 201: sessionAnswer, 403: null, 404: null, 422: null, 429: null },
});

export const putSessionMission = defineRoute({
  method: 'PUT',
  path: '/api/sessions/{uuid}/mission',
  summary: 'The owner switches the lobby to another mission of the same chapter',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  body: z.object({ missionUuid: uuid }).strict(),
  responses: { 200: sessionAnswer, 403: null, 404: null, 409: null, 422: null },
});

export const postJoinSession = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/join',
  summary: 'Joins a session as a player (not yet in a team); joining twice changes nothing',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  responses: { 200: sessionAnswer, 404: null, 409: null },
});

export const teamNameSchema = z
  .string()
  .trim()
  .min(teamNameLength.min, { error: 'must not be empty' })
  .max(teamNameLength.max, { error: `must be at most ${teamNameLength.max} characters` })
  .refine((name) => !/[\p{Cc}\p{Cf}]/u.test(name), {
    error: 'must not contain control or invisible characters',
  });

/** A file part of a multipart body, as the server reads it. */
export const uploadedFileSchema = z.object({
  filename: z.string(),
  mimetype: z.string(),
  data: z.instanceof(Uint8Array),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const postTeam = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/teams',
  summary: 'Creates a team (multipart: name, optional logo) and puts the caller in it',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  consumes: 'multipart/form-data',
  body: z.object({ name: teamNameSchema, logo: uploadedFileSchema.optional() }).strict(),
  responses: {
    201: z.object({ team: ownTeamSchema }),
    403: null,
    404: null,
    409: null,
    413: null,
    422: null,
  },
});

/** Tokens are 20 random bytes, base64url: 27 characters. */
export const teamTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'is not a team token' });

export const postJoinTeam = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/teams/join',
  summary: 'Joins the team of this session whose token is given',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  body: z.object({ token: teamTokenSchema }).strict(),
  responses: { 200: z.object({ team: ownTeamSchema }), 403: null, 404: null, 409: null, 429: null },
});

export const postLeaveTeam = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/teams/leave',
  summary: 'Leaves the caller’s team, in the lobby only; the last member leaving removes it',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  responses: { 200: sessionAnswer, 403: null, 404: null, 409: null },
});

export const getTeamLogo = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/teams/{teamUuid}/logo',
  summary: 'A team’s logo, for the players of its session',
  tag: 'sessions',
  access: 'player',
  params: z.object({ uuid, teamUuid: uuid }),
  produces: 'image/*',
  responses: { 200: null, 403: null, 404: null },
});

export const postStartSession = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/start',
  summary: 'The owner asks to start: a countdown when teams are ready, else a wait for players',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  responses: { 200: sessionAnswer, 403: null, 404: null, 409: null },
});

export const postCloseSession = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/close',
  summary: 'The owner closes a session they created: irreversible, like a trainer’s stop',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  responses: { 200: sessionAnswer, 403: null, 404: null, 409: null },
});

/** A session in a list (home, current sessions, the trainer's sessions). */
export const sessionListItemSchema = sessionTimesSchema.extend({
  uuid,
  name: z.string(),
  missionUuid: uuid,
  missionTitle: z.string(),
  chapter_uuid: uuid,
  teamsCount: z.number().int().nonnegative(),
  playersCount: z.number().int().nonnegative(),
  maxTeams: z.number().int().positive(),
  playersPerTeam: z.number().int().positive(),
});

export const getCurrentSessions = defineRoute({
  method: 'GET',
  path: '/api/me/sessions',
  summary: 'The sessions the player joined that have not ended, most recent first',
  tag: 'sessions',
  access: 'player',
  query: contentQuery,
  responses: {
    200: z.object({ locale: localeSchema, sessions: z.array(sessionListItemSchema) }),
  },
});

// Trainers -------------------------------------------------------------------------------------

export const createSessionBodySchema = z
  .object({
    missionUuid: uuid,
    name: z
      .string()
      .trim()
      .min(sessionLimits.nameLength.min, { error: 'must not be empty' })
      .max(sessionLimits.nameLength.max),
    maxTeams: z.number().int().min(sessionLimits.maxTeams.min).max(sessionLimits.maxTeams.max),
    playersPerTeam: z
      .number()
      .int()
      .min(sessionLimits.playersPerTeam.min)
      .max(sessionLimits.playersPerTeam.max),
    minPlayersPerTeam: z.number().int().min(1).optional(),
    durationMinutes: z
      .number()
      .int()
      .min(sessionLimits.durationMinutes.min)
      .max(sessionLimits.durationMinutes.max),
    /** A planned start: the countdown begins by itself then, or the wait for players. */
    scheduledStartAt: instant.optional(),
    /** End the game once every team still playing has solved every objective (off unless set). */
    endWhenAllSolved: z.boolean().optional(),
  })
  .strict()
  .refine((body) => (body.minPlayersPerTeam ?? 1) <= body.playersPerTeam, {
    error: 'must not exceed playersPerTeam',
    path: ['minPlayersPerTeam'],
  });

export const trainerSessionTeamSchema = ownTeamSchema;

export const trainerSessionSchema = sessionDetailSchema
  .omit({
    gaming_session_user: true,
    teams: true,
    isOwner: true,
    mission: true,
    scoreAdjustments: true,
  })
  .extend({
    mission: z.object({
      uuid,
      title: localizedTextSchema,
      chapter_uuid: uuid,
      chapterTitle: localizedTextSchema,
    }),
    owner: z.object({ pseudo: z.string() }),
    teams: z.array(trainerSessionTeamSchema),
    /** Players who joined without a team yet (their account, so a trainer may place them). */
    playersWithoutTeam: z.array(sessionMemberSchema.omit({ isSelf: true }).extend({ uuid })),
    /**
     * The teams below the minimum number of players, with how many each lacks: a start waits
     * for them unless the trainer forces it.
     */
    shortTeams: z.array(z.object({ uuid, name: z.string(), missing: z.number().int().positive() })),
  });
export type TrainerSession = z.infer<typeof trainerSessionSchema>;

const trainerSessionAnswer = z.object({ session: trainerSessionSchema });

export const postTrainerSession = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions',
  summary: 'Creates a session of a mission, in the lobby',
  tag: 'sessions',
  access: 'trainer',
  body: createSessionBodySchema,
  responses: { 201: trainerSessionAnswer, 404: null, 422: null },
});

export const getTrainerSessions = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions',
  summary: 'Every session, the ones not ended first',
  tag: 'sessions',
  access: 'trainer',
  responses: {
    200: z.object({
      sessions: z.array(sessionListItemSchema.extend({ ownerKind: z.enum(['trainer', 'player']) })),
    }),
  },
});

export const getTrainerSession = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}',
  summary: 'A session with every team, its token and members',
  tag: 'sessions',
  access: 'trainer',
  params: sessionParams,
  responses: { 200: trainerSessionAnswer, 404: null },
});

export const getTrainerSessionMission = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/mission',
  summary: 'The briefing of any session’s mission, as its players read it',
  tag: 'sessions',
  access: 'trainer',
  params: sessionParams,
  query: contentQuery,
  responses: { 200: sessionMissionAnswer, 404: null },
});

/** Trainers' screens (the cockpit, the debrief) show logos through their own credential. */
export const getTrainerTeamLogo = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/teams/{teamUuid}/logo',
  summary: 'A team’s logo, for trainers',
  tag: 'sessions',
  access: 'trainer',
  params: z.object({ uuid, teamUuid: uuid }),
  produces: 'image/*',
  responses: { 200: null, 403: null, 404: null },
});

const trainerAction = (action: 'start' | 'pause' | 'resume' | 'stop', summary: string) =>
  defineRoute({
    method: 'POST',
    path: `/api/trainer/sessions/{uuid}/${action}`,
    summary,
    tag: 'sessions',
    access: 'trainer',
    params: sessionParams,
    ...(action === 'start'
      ? { body: z.object({ force: z.boolean().optional() }).strict().optional() }
      : {}),
    responses: { 200: trainerSessionAnswer, 404: null, 409: null },
  });

export const postTrainerStart = trainerAction(
  'start',
  'Starts: a countdown when teams are ready (or `force`), else a wait for players',
);
export const postTrainerPause = trainerAction('pause', 'Pauses a running session');
export const postTrainerResume = trainerAction('resume', 'Resumes a paused session');
export const postTrainerStop = trainerAction('stop', 'Stops a session: irreversible');

export const sessionRoutes = [
  getSession,
  getSessionMission,
  postSession,
  putSessionMission,
  postJoinSession,
  postTeam,
  postJoinTeam,
  postLeaveTeam,
  getTeamLogo,
  postStartSession,
  postCloseSession,
  getCurrentSessions,
  postTrainerSession,
  getTrainerSessions,
  getTrainerSession,
  getTrainerSessionMission,
  getTrainerTeamLogo,
  postTrainerStart,
  postTrainerPause,
  postTrainerResume,
  postTrainerStop,
] as const;
