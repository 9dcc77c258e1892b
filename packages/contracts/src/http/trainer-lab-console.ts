import { z } from 'zod';
import { consoleTicketSchema } from './lab-console.js';
import { defineRoute } from './route.js';

/**
 * The cockpit's "Open console": a trainer's single-use ticket to one team's lab console, the
 * same socket and terminal as the team's own. Audited (`lab.console_opened`).
 */
export const postTrainerConsoleTicket = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/teams/{team}/environment/console-tickets',
  summary: 'A single-use ticket opening a team environment’s console, for the trainer (30 s)',
  tag: 'labs',
  access: 'trainer',
  params: z.object({ uuid: z.uuid(), team: z.uuid() }),
  responses: { 201: consoleTicketSchema, 404: null, 409: null },
});

export const trainerLabConsoleRoutes = [postTrainerConsoleTicket] as const;
