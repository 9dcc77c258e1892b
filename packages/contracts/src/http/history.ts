import { z } from 'zod';
import { localizedTextSchema, missionResults } from '../domain/content.js';
import { awardSchema } from '../domain/awards.js';
import { sessionStatusSchema } from '../domain/session.js';
import { defineRoute } from './route.js';

/**
 * A player's past (the profile's history): the teams they were in, and the sessions they
 * played to the end, with the mission, their team, its score and rank and the mission result.
 */
const uuid = z.uuid();

export const historyEntrySchema = z.object({
  sessionUuid: uuid,
  name: z.string(),
  status: sessionStatusSchema,
  mission: z.object({ uuid, title: localizedTextSchema }),
  team: z.object({ uuid, name: z.string() }),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  score: z.number().int(),
  rank: z.number().int().positive(),
  teams: z.number().int().positive(),
  result: z.enum(missionResults),
  /** The badges the player's team earned in it. */
  awards: z.array(awardSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const profileTeamSchema = z.object({
  uuid,
  name: z.string(),
  logoUrl: z.string().nullable(),
  session: z.object({ uuid, name: z.string(), status: sessionStatusSchema }),
});
export type ProfileTeam = z.infer<typeof profileTeamSchema>;

export const getProfileHistory = defineRoute({
  method: 'GET',
  path: '/api/profile/history',
  summary: 'The teams this player was in and the sessions they played to the end, newest first',
  tag: 'profile',
  access: 'player',
  responses: {
    200: z.object({ teams: z.array(profileTeamSchema), history: z.array(historyEntrySchema) }),
  },
});

export const historyRoutes = [getProfileHistory] as const;
