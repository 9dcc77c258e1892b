import { z } from 'zod';
import { awardSchema } from '../domain/awards.js';
import { localizedTextSchema } from '../domain/content.js';
import { sessionStatusSchema } from '../domain/session.js';
import { lastEventIdSchema } from '../realtime/events.js';
import { defineRoute } from './route.js';

/**
 * The projector view: a read-only, full-screen view of a session for the wall of a room, reached
 * through a display link the session's trainer issues from the cockpit. The link's token is the
 * only credential (no cookie): it travels in the path of the display routes, is stored only as a
 * digest, and reads no more than every player of the session already reads. A revoked or
 * expired link is refused at once on every node, and its open streams end.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });
const sessionParams = z.object({ uuid });

/** A display token as the URL carries it; anything else is refused as an unknown link. */
export const displayTokenSchema = z.string().min(1).max(200);
const tokenParams = z.object({ token: displayTokenSchema });

// Links (cockpit) --------------------------------------------------------------------------------

export const displayLinkSchema = z.object({
  uuid,
  createdAt: instant,
  createdBy: z.object({ uuid: uuid.nullable(), pseudo: z.string() }),
  /** The link stops working then (the session's end plus a margin), null: until revoked. */
  expiresAt: instant.nullable(),
  revokedAt: instant.nullable(),
  revokedBy: z.object({ uuid: uuid.nullable(), pseudo: z.string() }).nullable(),
});
export type DisplayLink = z.infer<typeof displayLinkSchema>;

/** Only the answer to its creation carries the token: it is never readable again. */
export const createdDisplayLinkSchema = z.object({
  link: displayLinkSchema,
  token: z.string(),
  /** The display page's path, `/display/<token>`. */
  path: z.string(),
});
export type CreatedDisplayLink = z.infer<typeof createdDisplayLinkSchema>;

export const postDisplayLink = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/display-links',
  summary: 'Issues a read-only display link (projector view) for the session, by its trainer',
  tag: 'display',
  access: 'trainer',
  params: sessionParams,
  responses: { 201: createdDisplayLinkSchema, 403: null, 404: null },
});

export const getDisplayLinks = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/display-links',
  summary: 'The session’s display links, newest first, revoked ones included',
  tag: 'display',
  access: 'trainer',
  params: sessionParams,
  responses: { 200: z.object({ links: z.array(displayLinkSchema) }), 404: null },
});

export const deleteDisplayLink = defineRoute({
  method: 'DELETE',
  path: '/api/trainer/sessions/{uuid}/display-links/{linkUuid}',
  summary: 'Revokes a display link: its open streams end and every later request is refused',
  tag: 'display',
  access: 'trainer',
  params: z.object({ uuid, linkUuid: uuid }),
  responses: { 200: z.object({ link: displayLinkSchema }), 404: null },
});

// The display ------------------------------------------------------------------------------------

export const displayTeamSchema = z.object({
  uuid,
  name: z.string(),
  hasLogo: z.boolean(),
  score: z.number().int(),
  rank: z.number().int().positive(),
  eliminated: z.boolean(),
  /** Badges as the players' results show them (the winner's once the session is over). */
  awards: z.array(awardSchema),
});
export type DisplayTeam = z.infer<typeof displayTeamSchema>;

/** A solve as the room sees it: who, what, how much. Never an answer, never who typed it. */
export const displaySolveSchema = z.object({
  teamUuid: uuid,
  teamName: z.string(),
  objectiveUuid: uuid,
  objectiveTitle: localizedTextSchema,
  points: z.number().int(),
  firstBlood: z.boolean(),
  speedrun: z.boolean(),
  at: instant,
});
export type DisplaySolve = z.infer<typeof displaySolveSchema>;

export const displaySnapshotSchema = z.object({
  session: z.object({
    uuid,
    name: z.string(),
    missionTitle: localizedTextSchema,
    status: sessionStatusSchema,
    startsAt: instant.nullable(),
    endsAt: instant.nullable(),
    remainingMs: z.number().int().nonnegative(),
    serverTime: instant,
    over: z.boolean(),
  }),
  /** Where the session's stream stood when this was read: the display's stream opens from it. */
  streamPosition: z.number().int().nonnegative(),
  teams: z.array(displayTeamSchema),
  /** The latest solves, newest first. */
  solves: z.array(displaySolveSchema).max(50),
  eliminations: z.array(z.object({ teamUuid: uuid, teamName: z.string() })),
  /** A speedrun under way (launched, no team solved it yet). */
  speedrun: z
    .object({ objectiveUuid: uuid, title: z.string(), launchedAt: instant, points: z.number() })
    .nullable(),
});
export type DisplaySnapshot = z.infer<typeof displaySnapshotSchema>;

export const getDisplaySnapshot = defineRoute({
  method: 'GET',
  path: '/api/display/{token}',
  summary: 'What the projector view shows of its session: clock, ranking, solves, podium',
  tag: 'display',
  access: 'public',
  params: tokenParams,
  responses: { 200: displaySnapshotSchema, 401: null, 403: null },
});

export const getDisplayEvents = defineRoute({
  method: 'GET',
  path: '/api/display/{token}/events',
  summary:
    'The projector view’s event stream: the session’s public events, reduced, with replay (Last-Event-ID)',
  tag: 'display',
  access: 'public',
  params: tokenParams,
  query: z.object({ lastEventId: lastEventIdSchema.optional() }),
  produces: 'text/event-stream',
  responses: {
    200: z.string().describe('text/event-stream'),
    401: null,
    403: null,
    422: null,
    429: null,
  },
});

export const getDisplayTeamLogo = defineRoute({
  method: 'GET',
  path: '/api/display/{token}/teams/{teamUuid}/logo',
  summary: 'A team’s logo, for the projector view of its session',
  tag: 'display',
  access: 'public',
  params: z.object({ token: displayTokenSchema, teamUuid: uuid }),
  produces: 'image/*',
  responses: { 200: null, 401: null, 403: null, 404: null },
});

export const displayRoutes = [
  postDisplayLink,
  getDisplayLinks,
  deleteDisplayLink,
  getDisplaySnapshot,
  getDisplayEvents,
  getDisplayTeamLogo,
] as const;

/** The display page's path for a token (the token is the credential: never log it). */
export const displayPagePath = (token: string) => `/display/${encodeURIComponent(token)}`;
