import { z } from 'zod';
import { sessionLimits } from '../domain/session.js';
import { defineRoute } from './route.js';
import { trainerSessionSchema } from './sessions.js';

/**
 * What a trainer changes in a session that is under way (lobby, countdown, running or paused)
 * and how they fix its teams; and a player leaving a session. Each change is audited and
 * announced on the session's stream, so every open screen follows without a reload.
 */
const uuid = z.uuid();
const sessionParams = z.object({ uuid });
const trainerSessionAnswer = z.object({ session: trainerSessionSchema });

/** The most minutes one change may add or remove: the longest session there may be. */
const maxMinutesChange = sessionLimits.durationMinutes.max;

export const updateSessionBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(sessionLimits.nameLength.min, { error: 'must not be empty' })
      .max(sessionLimits.nameLength.max)
      .optional(),
    /**
     * Minutes added to (positive) or removed from (negative) the session's duration. A removal
     * that would end the session at or before now is refused (`session.would_end`): a trainer
     * who means to end it stops it.
     */
    addMinutes: z
      .number()
      .int()
      .min(-maxMinutesChange)
      .max(maxMinutesChange)
      .refine((minutes) => minutes !== 0, { error: 'must not be 0' })
      .optional(),
    /** Never below the teams the session has (`session.max_teams_below_teams`). */
    maxTeams: z
      .number()
      .int()
      .min(sessionLimits.maxTeams.min)
      .max(sessionLimits.maxTeams.max)
      .optional(),
    /**
     * Never below the largest team (`session.players_per_team_below_members`) nor the minimum
     * players per team (`session.players_per_team_below_minimum`).
     */
    playersPerTeam: z
      .number()
      .int()
      .min(sessionLimits.playersPerTeam.min)
      .max(sessionLimits.playersPerTeam.max)
      .optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'must change something',
  });

export const patchTrainerSession = defineRoute({
  method: 'PATCH',
  path: '/api/trainer/sessions/{uuid}',
  summary: 'Changes a session not ended yet: its name, its minutes, its limits',
  tag: 'sessions',
  access: 'trainer',
  params: sessionParams,
  body: updateSessionBodySchema,
  responses: { 200: trainerSessionAnswer, 404: null, 409: null, 422: null },
});

const playerParams = z.object({ uuid, player: uuid });
const teamParams = z.object({ uuid, team: uuid });

/**
 * Moves a player into another team of the session, within its players per team. The solves and
 * points the player helped earn stay with the team that earned them.
 */
export const postMovePlayer = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/players/{player}/move',
  summary: 'Moves a player to another team; their team’s points stay with it',
  tag: 'sessions',
  access: 'trainer',
  params: playerParams,
  body: z.object({ teamUuid: uuid }).strict(),
  responses: { 200: trainerSessionAnswer, 403: null, 404: null, 409: null, 422: null },
});

/** Takes a player out of the session; their team keeps its points. Not a ban: they may rejoin. */
export const deleteSessionPlayer = defineRoute({
  method: 'DELETE',
  path: '/api/trainer/sessions/{uuid}/players/{player}',
  summary: 'Removes a player from a session; their team keeps its points',
  tag: 'sessions',
  access: 'trainer',
  params: playerParams,
  responses: { 200: trainerSessionAnswer, 404: null, 409: null },
});

/**
 * Releases every member of a team, who stay in the session without a team. Before play began
 * the team is deleted; once it began, the team stays in the ranking, eliminated, with its
 * points and solves, so what happened in the game stays true.
 */
export const postDissolveTeam = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/teams/{team}/dissolve',
  summary: 'Dissolves a team: its members stay in the session without a team',
  tag: 'sessions',
  access: 'trainer',
  params: teamParams,
  body: z
    .object({ reason: z.string().trim().max(500).optional() })
    .strict()
    .optional(),
  responses: { 200: trainerSessionAnswer, 404: null, 409: null, 422: null },
});

/** Lifts a team's elimination: it answers again, and its points count in the ranking. */
export const postReinstateTeam = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/teams/{team}/reinstate',
  summary: 'Reinstates an eliminated team',
  tag: 'sessions',
  access: 'trainer',
  params: teamParams,
  responses: { 200: trainerSessionAnswer, 404: null, 409: null },
});

/**
 * The caller leaves the session, whatever its state short of ended: their team keeps its points
 * (and, before play began, is removed once empty). A session a player created that everyone has
 * left ends: canceled if it was never played, stopped if it was.
 */
export const postLeaveSession = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/leave',
  summary: 'Leaves a session; the caller’s team keeps its points',
  tag: 'sessions',
  access: 'player',
  params: sessionParams,
  responses: { 200: z.object({ left: z.literal(true) }), 403: null, 404: null, 409: null },
});

export const sessionChangeRoutes = [
  patchTrainerSession,
  postMovePlayer,
  deleteSessionPlayer,
  postDissolveTeam,
  postReinstateTeam,
  postLeaveSession,
] as const;
