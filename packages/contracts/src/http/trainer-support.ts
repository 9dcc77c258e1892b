import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Where teams wait for an answer: a team's support thread belongs to its session (answered from
 * that session's cockpit), so the trainers' inbox, which holds the players' threads outside
 * sessions, says which sessions have unread team questions, and how many.
 */
export const getTrainerSupportSessions = defineRoute({
  method: 'GET',
  path: '/api/trainer/support/sessions',
  summary:
    'The sessions whose teams wrote to the trainers, with the messages the caller has not read',
  tag: 'chat',
  access: 'trainer',
  responses: {
    200: z.object({
      sessions: z.array(
        z.object({
          sessionUuid: z.uuid(),
          name: z.string(),
          unread: z.number().int().positive(),
        }),
      ),
    }),
  },
});

export const trainerSupportRoutes = [getTrainerSupportSessions] as const;
